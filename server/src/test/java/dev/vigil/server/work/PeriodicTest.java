package dev.vigil.server.work;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.vigil.server.testing.Eventually.eventually;

class PeriodicTest {

    @Test
    void shouldRunATaskAgainAfterARunThrewAnError() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        try (Periodic periodic = new Periodic("periodic-test")) {
            periodic.every(Duration.ofMillis(10), "a task that overflows its stack once", () -> {
                if (runs.incrementAndGet() == 1) {
                    throw new StackOverflowError();
                }
            });

            eventually(runs::get, n -> n >= 3, "runs after the error");
        }
    }
}
