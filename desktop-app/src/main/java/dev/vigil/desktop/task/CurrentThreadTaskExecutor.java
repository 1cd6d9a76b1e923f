package dev.vigil.desktop.task;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Runs everything at once on the calling thread: view-model tests need no UI thread. */
public final class CurrentThreadTaskExecutor implements TaskExecutor {

    @Override
    public <T> void submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        T result;
        try {
            result = work.call();
        } catch (Exception | Error e) {
            onFailure.accept(e);
            return;
        }
        onSuccess.accept(result);
    }

    @Override
    public void ui(Runnable update) {
        update.run();
    }
}
