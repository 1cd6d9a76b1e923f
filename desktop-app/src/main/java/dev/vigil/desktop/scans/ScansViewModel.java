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
import java.util.function.Consumer;

/**
 * The scan list: the pull-request scans or every scan, newest first, a page at a time; the table asks for
 * the next page ({@link #loadMore()}) as it nears the end. While a listed scan is pending or running
 * {@link #activeProperty()} holds, and the view refreshes the list every few seconds until none is.
 * <p>
 * A refresh reads from the first page again, as many pages as it takes to have at least as many rows as are
 * shown (or to reach the end), and replaces the rows in one change: whoever scrolled to older scans keeps
 * them, and their place, while a running scan is followed, and no row is left twice or stale. Switching
 * between all and PR scans starts again from one page, and so does another server once the page is shown;
 * an answer still on its way for the list before either is dropped.
 */
public final class ScansViewModel {

    private final Session session;
    private final TaskExecutor tasks;
    private final ObservableList<ScanListItem> scans = FXCollections.observableArrayList();
    private final BooleanProperty allScans = new SimpleBooleanProperty(this, "allScans", true);
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(this, "hasMore");
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper(this, "active");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ScanDetailViewModel detail;
    private final FolderScanViewModel folderScan;
    private long generation;
    private String cursor;
    private boolean again;

    public ScansViewModel(Session session, TaskExecutor tasks) {
        this(session, tasks, new ArchivePackager());
    }

    public ScansViewModel(Session session, TaskExecutor tasks, ArchivePackager packager) {
        this.session = session;
        this.tasks = tasks;
        this.detail = new ScanDetailViewModel(session, tasks);
        this.folderScan = new FolderScanViewModel(session, tasks, packager);
        allScans.addListener((observable, was, now) -> {
            dropPending();
            reload(ScanPager.PAGE);
        });
        session.connectionProperty().addListener((observable, was, now) -> {
            detail.show(null);   // the page loads the new server's scans when it is shown
            forget();
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

    /** The server has older scans than those listed. */
    public ReadOnlyBooleanProperty hasMoreProperty() {
        return hasMore.getReadOnlyProperty();
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

    /** Reads the list again, as many rows as are shown; one asked for while a load is under way runs after it. */
    public void refresh() {
        reload(scans.size());
    }

    /** Appends the next page in the background unless one is on its way or the list is complete. */
    public void loadMore() {
        if (session.connection() != null && !loading.get() && hasMore.get()) {
            load(cursor, ScanPager.PAGE, scans::addAll);
        }
    }

    private void reload(int keep) {
        if (session.connection() == null) {
            forget();
        } else if (loading.get()) {
            again = true;
        } else {
            load(null, keep, scans::setAll);
        }
    }

    private void load(String from, int wanted, Consumer<List<ScanListItem>> show) {
        VigilClient client = session.connection().client();
        ScanQuery query = allScans.get() ? ScanQuery.all() : ScanQuery.pullRequests();
        long asked = generation;
        loading.set(true);
        tasks.submit(() -> ScanPager.read(client, query, from, wanted), batch -> {
            if (asked == generation) {
                loaded(batch, show);
            }
        }, failure -> {
            if (asked == generation) {
                failed(failure);
            }
        });
    }

    private void loaded(ScanPager.Batch batch, Consumer<List<ScanListItem>> show) {
        cursor = batch.cursor();
        hasMore.set(batch.hasMore());
        loading.set(false);
        error.set("");
        show.accept(batch.rows());
        active.set(scans.stream().anyMatch(row -> !row.status().isFinished()));
        detail.follow(scans);
        rerunIfAsked();
    }

    /** Keeps the rows shown, and asks for no more until a refresh: the table would ask at every row laid out. */
    private void failed(Throwable failure) {
        loading.set(false);
        hasMore.set(false);
        error.set(ServerErrors.describe(failure));
        rerunIfAsked();
    }

    private void rerunIfAsked() {
        if (again) {
            again = false;
            refresh();
        }
    }

    /** Another server, or none: nothing of the old list stays. */
    private void forget() {
        dropPending();
        scans.clear();
        cursor = null;
        hasMore.set(false);
        active.set(false);
    }

    /** The list starts over: an answer still on its way, or a refresh waiting for it, is for the old one. */
    private void dropPending() {
        generation++;
        again = false;
        loading.set(false);
    }
}
