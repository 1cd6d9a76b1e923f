package dev.vigil.desktop.testing;

import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A TestFX test class of the dashboard, headless: its {@code @Start} method builds the UI, and a non-static
 * field of type {@link DesktopFixture} is set for each test before it, then closed after it (its sessions,
 * their connections and embedded servers, its task executor). {@link DesktopServerTest} adds a real server.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith({ApplicationExtension.class, DesktopExtension.class})
public @interface DesktopTest {
}
