package dev.vigil.desktop.testing;

import dev.vigil.server.testing.VigilServerTest;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link DesktopTest} against the class's one real server ({@link VigilServerTest}: static
 * {@code TestServer} and {@code TestServer.Tenant} fields are set before {@code @BeforeAll}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@VigilServerTest
@DesktopTest
public @interface DesktopServerTest {
}
