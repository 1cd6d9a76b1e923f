package dev.vigil.server.work;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

class SupervisorTest {

    @Test
    void shouldReplaceAThreadWhoseLoopThrowsAnError() throws Exception {
        AtomicInteger starts = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        Supervisor supervisor = new Supervisor("supervisor-test", "loops", 2, slot -> () -> {
            if (slot == 0 && starts.incrementAndGet() == 1) {
                throw new StackOverflowError();
            }
            await(release);
        }, Duration.ZERO);

        supervisor.start();

        eventually(starts::get, n -> n == 2, "slot 0 started again");
        assertThat(eventually(supervisor::staffing, Staffing::full, "both run")).isEqualTo(new Staffing("loops", 2, 2));
        supervisor.stopReplacing();
        release.countDown();
        assertThat(supervisor.join(System.nanoTime() + Duration.ofSeconds(5).toNanos())).isTrue();
    }

    @Test
    void shouldCountAStoppedThreadAsMissingUntilItsPauseHasPassed() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Supervisor supervisor = new Supervisor("supervisor-test", "loops", 2, slot -> () -> {
            if (slot == 1) {
                await(release);
            }
        }, Duration.ofMinutes(1));

        supervisor.start();

        Staffing staffing = eventually(supervisor::staffing, s -> s.running() == 1, "slot 0 ended");
        assertThat(staffing.full()).isFalse();
        assertThat(staffing.describe()).isEqualTo("1 of 2 loops running");
        supervisor.stopReplacing();
        release.countDown();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
