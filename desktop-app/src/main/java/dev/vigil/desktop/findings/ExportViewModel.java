package dev.vigil.desktop.findings;

import dev.vigil.client.VigilApiException;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.ExportFormat;
import dev.vigil.model.FindingFilter;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Exports the current filters' findings to a file as the server streams them, counting bytes. The server
 * refuses with 422 {@code EXPORT_LIMIT_EXCEEDED} before sending a row when more than 10,000 match.
 */
public final class ExportViewModel {

    static final String LIMIT_EXCEEDED = "EXPORT_LIMIT_EXCEEDED";
    private static final int REPORT_EVERY = 64 * 1024;

    private final Session session;
    private final TaskExecutor tasks;
    private final Supplier<FindingFilter> filter;
    private final ReadOnlyLongWrapper bytes = new ReadOnlyLongWrapper(this, "bytes");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");

    public ExportViewModel(Session session, TaskExecutor tasks, Supplier<FindingFilter> filter) {
        this.session = session;
        this.tasks = tasks;
        this.filter = filter;
    }

    public ReadOnlyLongProperty bytesProperty() {
        return bytes.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Why the export is refused (the key's role, or the SLA toggle the export cannot apply); empty if allowed. */
    public StringBinding refusal(ObservableBooleanValue slaBreachedOnly) {
        return Bindings.createStringBinding(() -> {
            Connection connection = session.connection();
            return TriageRules.exportRefusal(connection == null ? null : connection.role(), slaBreachedOnly.get());
        }, session.connectionProperty(), slaBreachedOnly);
    }

    /** JSON for a {@code .json} file, CSV otherwise. */
    public static ExportFormat formatOf(Path target) {
        return target.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json") ? ExportFormat.JSON : ExportFormat.CSV;
    }

    /** Streams the export into a temporary file beside {@code target}, moved into place once complete. */
    public void export(Path target) {
        Connection connection = session.connection();
        if (connection == null || running.get()) {
            return;
        }
        FindingFilter current = filter.get();
        ExportFormat format = formatOf(target);
        running.set(true);
        bytes.set(0);
        message.set("Exporting " + format.wire().toUpperCase(Locale.ROOT) + "…");
        tasks.submit(() -> write(connection, current, format, target), written -> {
            running.set(false);
            bytes.set(written);
            message.set("Exported " + String.format("%,d", written) + " bytes to " + target);
        }, failure -> {
            running.set(false);
            message.set(describe(failure));
        });
    }

    private long write(Connection connection, FindingFilter current, ExportFormat format, Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path partial = Files.createTempFile(dir, ".vigil-export", ".part");
        try (InputStream in = connection.client().findings().export(current, format);
             OutputStream out = Files.newOutputStream(partial)) {
            byte[] buffer = new byte[8192];
            long total = 0;
            long reported = 0;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                out.write(buffer, 0, n);
                total += n;
                if (total - reported >= REPORT_EVERY) {
                    reported = total;
                    long now = total;
                    tasks.ui(() -> bytes.set(now));
                }
            }
            out.close();
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            return total;
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private static String describe(Throwable failure) {
        if (failure instanceof VigilApiException api && LIMIT_EXCEEDED.equals(api.code())) {
            return "Not exported: an export holds at most 10,000 rows (" + api.error().message()
                    + "). Narrow the filters, by severity, status or project say, and export again.";
        }
        return "Export failed: " + ServerErrors.describe(failure);
    }
}
