package dev.vigil.desktop.scans;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.ScanQuery;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.ScanListItem;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.UUID;

/**
 * The scan list: the pull-request scans or every scan, newest first. While a listed scan is pending or
 * running {@link #activeProperty()} holds, and the view refreshes the list every few seconds until none is.
 */
public final class ScansViewModel {

    static final int PAGE = 100;

    private final Session session;
    private final TaskExecutor tasks;
    private final ObservableList<ScanListItem> scans = FXCollections.observableArrayList();
    private final BooleanProperty allScans = new SimpleBooleanProperty(this, "allScans", true);
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper(this, "active");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ScanDetailViewModel detail;
    private final FolderScanViewModel folderScan;
    private boolean again;

    public ScansViewModel(Session session, TaskExecutor tasks) {
        this(session, tasks, new ArchivePackager());
    }

    public ScansViewModel(Session session, TaskExecutor tasks, ArchivePackager packager) {
        this.session = session;
        this.tasks = tasks;
        this.detail = new ScanDetailViewModel(session, tasks);
        this.folderScan = new FolderScanViewModel(session, tasks, packager);
        allScans.addListener((observable, was, now) -> refresh());
        session.connectionProperty().addListener((observable, was, now) -> {
            detail.show(null);   // the page loads the new server's scans when it is shown
            scans.clear();
            active.set(false);
        });
        folderScan.submittedProperty().addListener((observable, was, scan) -> refresh());
        folderScan.finishedProperty().addListener((observable, was, scan) -> {
            refresh();
            if (scan != null) {
                detail.show(scan.id());
            }
        });
    }

    public ObservableList<ScanListItem> scans() {
        return FXCollections.unmodifiableObservableList(scans);
    }

    /** Every scan when set, else only the pull-request scans. */
    public BooleanProperty allScansProperty() {
        return allScans;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** Some listed scan is pending or running. */
    public ReadOnlyBooleanProperty activeProperty() {
        return active.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ScanDetailViewModel detail() {
        return detail;
    }

    public FolderScanViewModel folderScan() {
        return folderScan;
    }

    public void select(UUID scanId) {
        detail.show(scanId);
    }

    /** Reloads the list; a refresh asked for while one is loading runs once that one has ended. */
    public void refresh() {
        if (session.connection() == null) {
            scans.clear();
            active.set(false);
            return;
        }
        if (loading.get()) {
            again = true;
            return;
        }
        VigilClient client = session.connection().client();
        ScanQuery query = (allScans.get() ? ScanQuery.all() : ScanQuery.pullRequests()).withLimit(PAGE);
        loading.set(true);
        tasks.submit(() -> client.listScans(query).data(), this::loaded, failure -> {
            loading.set(false);
            error.set(ServerErrors.describe(failure));
            rerunIfAsked();
        });
    }

    private void loaded(List<ScanListItem> rows) {
        loading.set(false);
        error.set("");
        scans.setAll(rows);
        active.set(rows.stream().anyMatch(row -> !row.status().isFinished()));
        detail.follow(rows);
        rerunIfAsked();
    }

    private void rerunIfAsked() {
        if (again) {
            again = false;
            refresh();
        }
    }
}
