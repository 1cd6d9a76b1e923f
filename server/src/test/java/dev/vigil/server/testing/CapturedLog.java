package dev.vigil.server.testing;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Every record the JDK's root logger receives while open (SLF4J and Helidon log through it): its message,
 * parameters and the whole stack trace of its throwable, for tests that a value never reaches a log.
 */
public final class CapturedLog extends Handler implements AutoCloseable {

    private final List<String> lines = new CopyOnWriteArrayList<>();

    private CapturedLog() {
    }

    public static CapturedLog start() {
        CapturedLog log = new CapturedLog();
        Logger.getLogger("").addHandler(log);
        return log;
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void publish(LogRecord record) {
        lines.add(record.getMessage() + " " + Arrays.toString(record.getParameters())
                + (record.getThrown() == null ? "" : " " + stackTrace(record.getThrown())));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        Logger.getLogger("").removeHandler(this);
    }

    private static String stackTrace(Throwable thrown) {
        StringWriter text = new StringWriter();
        thrown.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
