package dev.vigil.server.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the static method of a {@link VigilServerTest} class that adjusts the server's settings:
 * {@code static ServerSettings name(ServerSettings settings)}, given {@link TestServer}'s defaults.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface SetUpServer {
}
