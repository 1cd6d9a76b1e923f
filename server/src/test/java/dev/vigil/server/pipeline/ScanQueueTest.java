package dev.vigil.server.pipeline;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** An idle worker waits on the queue; a submission committed on its node wakes it at once. */
class ScanQueueTest {

    private static final long AN_HOUR = TimeUnit.HOURS.toMillis(1);

    @Test
    void shouldWakeAWorkerWaitingForAnHourWhenAScanIsSubmitted() throws Exception {
        ScanQueue queue = new ScanQueue();
        long seen = queue.generation();
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
            try {
                queue.await(seen, AN_HOUR);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        queue.wake();

        // get() would wait out the hour were the worker not woken
        waiting.get(AN_HOUR / 2, TimeUnit.MILLISECONDS);
        assertThat(queue.generation()).isEqualTo(seen + 1);
    }

    @Test
    void shouldNotWaitAtAllWhenASubmissionCameBetweenLookingAndWaiting() throws InterruptedException {
        ScanQueue queue = new ScanQueue();
        long seen = queue.generation();
        queue.wake();

        long start = System.nanoTime();
        queue.await(seen, AN_HOUR);

        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(AN_HOUR / 2));
    }
}
