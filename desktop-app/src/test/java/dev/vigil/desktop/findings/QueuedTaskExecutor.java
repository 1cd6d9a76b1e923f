package dev.vigil.desktop.findings;

import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.desktop.task.TaskExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Holds submitted work until the test runs it, in the order the test chooses: answers that arrive late. */
final class QueuedTaskExecutor implements TaskExecutor {

    /** What a queued task does when the test runs it. */
    private static final CurrentThreadTaskExecutor AT_ONCE = new CurrentThreadTaskExecutor();

    private final List<Runnable> queued = new ArrayList<>();

    @Override
    public <T> void submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        queued.add(() -> AT_ONCE.submit(work, onSuccess, onFailure));
    }

    @Override
    public void ui(Runnable update) {
        update.run();
    }

    int size() {
        return queued.size();
    }

    /** Runs the task submitted {@code index}-th among those still queued. */
    void run(int index) {
        queued.remove(index).run();
    }

    void runAll() {
        while (!queued.isEmpty()) {
            run(0);
        }
    }
}
