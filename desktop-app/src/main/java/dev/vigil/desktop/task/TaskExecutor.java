package dev.vigil.desktop.task;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Runs the views' work off the UI thread. Contract: {@code work} MUST run on a background thread (or, in
 * tests, the calling thread); exactly one of {@code onSuccess} or {@code onFailure} then runs on the UI
 * thread. {@link #ui} runs a small update (progress, say) on the UI thread from background work.
 */
public interface TaskExecutor {

    <T> void submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure);

    void ui(Runnable update);
}
