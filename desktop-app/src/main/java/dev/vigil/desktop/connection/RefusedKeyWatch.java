package dev.vigil.desktop.connection;

import dev.vigil.client.VigilApiException;
import dev.vigil.desktop.task.TaskExecutor;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The pages' background work, watched for the server refusing the dashboard's key while it runs: a 401 on
 * the connection in use tells the session once ({@link Session#keyRefusedByServer()}), which offers a new
 * key as at launch; the page still gets its failure.
 */
public final class RefusedKeyWatch implements TaskExecutor {

    private static final int HTTP_UNAUTHORIZED = 401;

    private final Session session;
    private final TaskExecutor tasks;

    public RefusedKeyWatch(Session session, TaskExecutor tasks) {
        this.session = session;
        this.tasks = tasks;
    }

    @Override
    public <T> void submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        Connection asked = session.connection();
        tasks.submit(work, onSuccess, failure -> {
            // an answer on a connection since replaced says nothing about the key in use now
            if (asked != null && asked == session.connection() && refusesTheKey(failure)) {
                session.keyRefusedByServer();
            }
            onFailure.accept(failure);
        });
    }

    @Override
    public void ui(Runnable update) {
        tasks.ui(update);
    }

    static boolean refusesTheKey(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof VigilApiException api && api.status() == HTTP_UNAUTHORIZED) {
                return true;
            }
        }
        return false;
    }
}
