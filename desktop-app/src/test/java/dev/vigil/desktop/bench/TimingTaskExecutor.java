package dev.vigil.desktop.bench;

import dev.vigil.desktop.task.TaskExecutor;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** Wraps an executor to record, per task, the wait for a thread, the work, and the wait for the UI thread. */
final class TimingTaskExecutor implements TaskExecutor {

    record Timing(long queuedNanos, long workNanos, long handBackNanos) {
    }

    private final TaskExecutor delegate;
    private final List<Timing> timings = new CopyOnWriteArrayList<>();

    TimingTaskExecutor(TaskExecutor delegate) {
        this.delegate = delegate;
    }

    List<Timing> drain() {
        List<Timing> copy = List.copyOf(timings);
        timings.clear();
        return copy;
    }

    @Override
    public <T> void submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        long submitted = System.nanoTime();
        long[] marks = new long[2];
        delegate.submit(() -> {
            marks[0] = System.nanoTime();
            try {
                return work.call();
            } finally {
                marks[1] = System.nanoTime();
            }
        }, result -> {
            timings.add(new Timing(marks[0] - submitted, marks[1] - marks[0], System.nanoTime() - marks[1]));
            onSuccess.accept(result);
        }, onFailure);
    }

    @Override
    public void ui(Runnable update) {
        delegate.ui(update);
    }
}
