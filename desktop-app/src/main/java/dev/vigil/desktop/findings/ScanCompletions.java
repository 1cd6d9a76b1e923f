package dev.vigil.desktop.findings;

import dev.vigil.client.ScanQuery;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanStatus;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * Notices that a scan of the shown scope (one project, or the whole tenant) has completed: each look reads
 * the scope's ten newest scans, one small page, and a scan that is completed now but was not at the last
 * look (or was not there) means new results. The first look of a scope only learns what is there.
 * {@link #waitingProperty()} says whether there is anything to look for again: a scan of the scope queued or
 * running at the last look, or one this app has submitted since (docs/adr/0065).
 */
final class ScanCompletions {

    private static final int NEWEST = 10;

    private final Session session;
    private final TaskExecutor tasks;
    private final Supplier<Optional<UUID>> scope;
    private final Runnable onCompleted;
    private final Map<UUID, ScanStatus> seen = new HashMap<>();
    private final ReadOnlyBooleanWrapper waiting = new ReadOnlyBooleanWrapper(this, "waiting");
    private Optional<UUID> seenScope;
    private boolean asking;

    ScanCompletions(Session session, TaskExecutor tasks, Supplier<Optional<UUID>> scope, Runnable onCompleted) {
        this.session = session;
        this.tasks = tasks;
        this.scope = scope;
        this.onCompleted = onCompleted;
        session.onScanSubmitted(this::submitted);
    }

    /** True while a scan of the shown scope is queued or running, as far as the app knows. */
    ReadOnlyBooleanProperty waitingProperty() {
        return waiting.getReadOnlyProperty();
    }

    /** True while a look is on its way. */
    boolean looking() {
        return asking;
    }

    /** Looks once in the background, unless a look is on its way. */
    void look() {
        Connection connection = session.connection();
        if (connection == null || asking) {
            return;
        }
        asking = true;
        Optional<UUID> project = scope.get();
        ScanQuery query = new ScanQuery(project, Optional.of(NEWEST), Optional.empty(), true);
        try {
            tasks.submit(() -> connection.client().listScans(query).data(), scans -> {
                asking = false;
                compare(project, scans);
            }, failure -> asking = false);
        } catch (RejectedExecutionException closing) {
            asking = false;  // the app is closing: its executor takes no more work, and no look is needed
        }
    }

    /** This app has submitted a scan of {@code projectId}: if the page shows that project (or all), wait for it. */
    void submitted(UUID projectId) {
        Optional<UUID> shown = scope.get();
        if (shown.isEmpty() || shown.get().equals(projectId)) {
            waiting.set(true);
        }
    }

    void compare(Optional<UUID> project, List<ScanListItem> scans) {
        boolean first = !Objects.equals(project, seenScope);
        boolean completed = false;
        for (ScanListItem scan : scans) {
            completed |= scan.status() == ScanStatus.COMPLETED && seen.get(scan.id()) != ScanStatus.COMPLETED;
        }
        if (first) {
            seen.clear();
            seenScope = project;
        }
        scans.forEach(scan -> seen.put(scan.id(), scan.status()));
        if (Objects.equals(project, scope.get())) {
            waiting.set(scans.stream().anyMatch(scan -> !scan.status().isFinished()));
        }
        if (completed && !first) {
            onCompleted.run();
        }
    }
}
