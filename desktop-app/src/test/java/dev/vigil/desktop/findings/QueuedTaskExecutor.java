package dev.vigil.desktop.findings;

import dev.vigil.desktop.task.TaskExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Holds submitted work until the test runs it, in the order the test chooses: answers that arrive late. */
final class QueuedTaskExecutor implements TaskExecutor {

    private final List<Runnable> queued = new ArrayList<>();

    @Override
    public <T> void submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        queued.add(() -> {
            T result;
            try {
                result = work.call();
            } catch (Exception e) {
                onFailure.accept(e);
                return;
            }
            onSuccess.accept(result);
        });
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
