package dev.vigil.desktop.findings;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Optional;

/**
 * The findings list: the server's pages for the current filters, appended as the table nears its end. A
 * filter change starts again from the first page; a generation number drops the answers of older filters.
 * The old rows stay until the new first page replaces them in one change: one table layout, not two.
 */
public final class FindingsViewModel {

    private final Session session;
    private final TaskExecutor tasks;
    private final FindingFilterModel filters = new FindingFilterModel();
    private final FilterChoices choices;
    private final ObservableList<Finding> rows = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(this, "hasMore");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper(this, "counts", "");
    private final ObjectProperty<FindingSort> sort = new SimpleObjectProperty<>(this, "sort", FindingSort.DEFAULT);
    private long generation;
    private boolean stale;
    private String cursor;
    private int scanned;
    private int wanted;
    private Runnable onWantedReached;

    public FindingsViewModel(Session session, TaskExecutor tasks) {
        this.session = session;
        this.tasks = tasks;
        this.choices = new FilterChoices(session, tasks);
        filters.onChange(this::reload);
        sort.addListener((observable, was, now) -> reload());
        session.connectionProperty().subscribe(connection -> {
            choices.load();
            reload();
        });
    }

    public FindingFilterModel filters() {
        return filters;
    }

    public FilterChoices choices() {
        return choices;
    }

    /** The server's order of the rows ({@code sort}); a change starts again from the first page. */
    public ObjectProperty<FindingSort> sortProperty() {
        return sort;
    }

    public ObservableList<Finding> rows() {
        return rows;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasMoreProperty() {
        return hasMore.getReadOnlyProperty();
    }

    /** The server's message when the last load failed; empty otherwise. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** "300 loaded · more on the server", "1,000 findings", or for SLA breached how many rows were read. */
    public ReadOnlyStringProperty countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** Starts again from the first page of the current filters. */
    public void reload() {
        generation++;
        cursor = null;
        scanned = 0;
        wanted = 0;
        onWantedReached = null;
        error.set("");
        loading.set(false);
        Optional<FindingFilter> filter = filters.serverFilter();
        hasMore.set(session.connection() != null && filter.isPresent());
        stale = hasMore.get() && !rows.isEmpty();
        if (stale) {
            counts.set("");
        } else {
            rows.clear();
            updateCounts();
        }
        loadMore();
    }

    /** Fetches the next page in the background unless one is on its way or the result is complete. */
    public void loadMore() {
        Connection connection = session.connection();
        Optional<FindingFilter> filter = filters.serverFilter();
        if (loading.get() || !hasMore.get() || connection == null || filter.isEmpty()) {
            return;
        }
        long asked = generation;
        String from = cursor;
        FindingSort order = sort.get() == null ? FindingSort.DEFAULT : sort.get();
        boolean slaOnly = filters.slaBreachedOnly();
        VigilClient client = connection.client();
        loading.set(true);
        tasks.submit(() -> FindingPager.next(client, filter.get(), order, from, slaOnly), batch -> {
            if (asked == generation) {
                received(batch);
            }
        }, failure -> {
            if (asked == generation) {
                stale = false;
                rows.clear();
                loading.set(false);
                hasMore.set(false);
                error.set(ServerErrors.describe(failure));
            }
        });
    }

    /** Loads pages until {@code count} rows are loaded or the result ends, then runs {@code then}. */
    public void loadUpTo(int count, Runnable then) {
        wanted = count;
        onWantedReached = then;
        if (!stale && (rows.size() >= count || !hasMore.get())) {
            reachedWanted();
        } else {
            loadMore();
        }
    }

    /** Puts a finding changed by a triage action in place of its old row. */
    public void replace(Finding changed) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).id().equals(changed.id())) {
                rows.set(i, changed);
                return;
            }
        }
    }

    private void received(FindingPager.Batch batch) {
        loading.set(false);
        if (stale) {
            stale = false;
            rows.setAll(batch.rows());
        } else {
            rows.addAll(batch.rows());
        }
        cursor = batch.cursor();
        scanned += batch.scanned();
        hasMore.set(batch.hasMore());
        updateCounts();
        boolean slaNeedsMore = filters.slaBreachedOnly() && batch.rows().size() < FindingPager.PAGE;
        if (hasMore.get() && (rows.size() < wanted || slaNeedsMore)) {
            loadMore();
        } else if (onWantedReached != null && (rows.size() >= wanted || !hasMore.get())) {
            reachedWanted();
        }
    }

    private void reachedWanted() {
        Runnable then = onWantedReached;
        wanted = 0;
        onWantedReached = null;
        if (then != null) {
            then.run();
        }
    }

    private void updateCounts() {
        String loaded = String.format("%,d", rows.size());
        if (filters.slaBreachedOnly()) {
            counts.set(loaded + " SLA-breached among " + String.format("%,d", scanned) + " findings read"
                    + (hasMore.get() ? " · more on the server" : " (all read)"));
        } else if (hasMore.get()) {
            counts.set(loaded + " loaded · more on the server");
        } else {
            counts.set(loaded + (rows.size() == 1 ? " finding" : " findings"));
        }
    }
}
