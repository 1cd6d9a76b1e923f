package dev.vigil.desktop.task;

import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/** Work on virtual threads, results back on the JavaFX application thread. */
public final class FxTaskExecutor implements TaskExecutor, AutoCloseable {

    private final ExecutorService threads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("vigil-ui-task-", 0).factory());

    @Override
    public <T> void submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        threads.execute(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> onSuccess.accept(result));
            } catch (Exception | Error e) {
                Platform.runLater(() -> onFailure.accept(e));
            }
        });
    }

    @Override
    public void ui(Runnable update) {
        Platform.runLater(update);
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
