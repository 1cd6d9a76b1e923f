package dev.vigil.server.testing;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An HTTP test class against one real server ({@link TestServer}) on the store under test, started before
 * the class's {@code @BeforeAll} methods and stopped after its {@code @AfterAll} methods.
 *
 * <p>The extension sets the class's static fields of type {@link TestServer} to the server and of type
 * {@link TestServer.Tenant} each to a new tenant on the Team plan (its Owner's key and client included), and
 * resolves parameters of those types. A static method annotated {@link SetUpServer} adjusts the settings.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(VigilServerExtension.class)
public @interface VigilServerTest {
}
