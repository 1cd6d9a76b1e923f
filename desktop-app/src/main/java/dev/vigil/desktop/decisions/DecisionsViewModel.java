package dev.vigil.desktop.decisions;

import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Decision;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Page;
import dev.vigil.model.Role;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Optional;
import java.util.UUID;

/**
 * The Decisions page (Admin and Owner): the tenant's decisions a page at a time, newest first, filtered by
 * status; deleting one. {@link #focus} marks the decision a finding's detail linked to.
 */
public final class DecisionsViewModel {

    private final Session session;
    private final TaskExecutor tasks;
    private final int pageSize;
    private final ObservableList<Decision> rows = FXCollections.observableArrayList();
    private final ObservableList<Decision> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ObjectProperty<FindingStatus> status = new SimpleObjectProperty<>(this, "status");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(this, "hasMore");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyObjectWrapper<UUID> focused = new ReadOnlyObjectWrapper<>(this, "focused");
    private String cursor;
    private int generation;

    public DecisionsViewModel(Session session, TaskExecutor tasks, int pageSize) {
        this.session = session;
        this.tasks = tasks;
        this.pageSize = pageSize;
        session.connectionProperty().subscribe(connection -> reload());
        status.subscribe(value -> reload());
    }

    public ObservableList<Decision> rows() {
        return readOnlyRows;
    }

    /** The status shown; null for both. */
    public ObjectProperty<FindingStatus> statusProperty() {
        return status;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasMoreProperty() {
        return hasMore.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** What the last deletion did. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The decision a link asked to show, to select once it is loaded. */
    public ReadOnlyObjectProperty<UUID> focusedProperty() {
        return focused.getReadOnlyProperty();
    }

    public void focus(UUID decisionId) {
        focused.set(decisionId);
    }

    public void reload() {
        int asked = ++generation;
        rows.clear();
        hasMore.set(false);
        problem.set("");
        Connection connection = session.connection();
        if (connection == null || !connection.role().atLeast(Role.ADMIN)) {
            return;
        }
        Optional<FindingStatus> shown = Optional.ofNullable(status.get());
        loading.set(true);
        tasks.submit(() -> connection.client().listDecisions(Optional.empty(), shown, pageSize, null),
                page -> append(asked, page), failure -> failed(asked, failure));
    }

    public void loadMore() {
        Connection connection = session.connection();
        if (connection == null || !hasMore.get() || loading.get()) {
            return;
        }
        int asked = generation;
        String after = cursor;
        Optional<FindingStatus> shown = Optional.ofNullable(status.get());
        loading.set(true);
        tasks.submit(() -> connection.client().listDecisions(Optional.empty(), shown, pageSize, after),
                page -> append(asked, page), failure -> failed(asked, failure));
    }

    /** Deletes the decision; the findings it changed and nobody changed since go back to their former status. */
    public void delete(Decision decision) {
        Connection connection = session.connection();
        if (connection == null || decision == null) {
            return;
        }
        tasks.submit(() -> {
            connection.client().deleteDecision(decision.id());
            return decision;
        }, done -> {
            message.set("Deleted the decision on " + DecisionText.scope(done)
                    + "; the findings it changed that nobody touched since are back");
            reload();
        }, failure -> problem.set(ServerErrors.describe(failure)));
    }

    private void append(int asked, Page<Decision> page) {
        if (asked != generation) {
            return;
        }
        loading.set(false);
        cursor = page.nextCursor();
        hasMore.set(page.hasMore());
        rows.addAll(page.data());
    }

    private void failed(int asked, Throwable failure) {
        if (asked == generation) {
            loading.set(false);
            problem.set(ServerErrors.describe(failure));
        }
    }
}
