package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.Role;
import dev.vigil.model.TriageAction;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/** The selected finding with its history, and the triage actions on it. */
public final class FindingDetailViewModel {

    private static final int HISTORY_PAGE = 100;
    private static final String DECISION_ACTOR = "decision:";

    private final Session session;
    private final TaskExecutor tasks;
    private final Consumer<Finding> onChanged;
    private final ObjectProperty<Finding> finding = new SimpleObjectProperty<>(this, "finding");
    private final ObservableList<HistoryEntry> history = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper policySource = new ReadOnlyStringWrapper(this, "policySource", "");
    private final ReadOnlyStringWrapper statusReason = new ReadOnlyStringWrapper(this, "statusReason", "");
    private final ReadOnlyObjectWrapper<FindingDetail> detail = new ReadOnlyObjectWrapper<>(this, "detail");

    /** {@code onChanged} receives a finding an action changed, to replace its row. */
    public FindingDetailViewModel(Session session, TaskExecutor tasks, Consumer<Finding> onChanged) {
        this.session = session;
        this.tasks = tasks;
        this.onChanged = onChanged;
        finding.subscribe((was, now) -> {
            if (now != null && (was == null || !was.id().equals(now.id()))) {
                message.set("");
                loadHistory(now.id());
                loadDetail(now.id());
            } else if (now == null) {
                history.clear();
                detail.set(null);
            }
            described();
        });
        history.subscribe(this::described);
    }

    public ObjectProperty<Finding> findingProperty() {
        return finding;
    }

    /** The selected finding's context (code, references, CVSS, path, remediation); null until it has loaded. */
    public ReadOnlyObjectProperty<FindingDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    /** Shows {@code value} as the selected finding's context (what loading it does; tests give one). */
    void showDetail(FindingDetail value) {
        detail.set(value);
    }

    public ObservableList<HistoryEntry> history() {
        return history;
    }

    /**
     * Which {@code .vigil.yml} entry or {@code vigil:ignore} comment set the finding's status; empty when the
     * repository's policy did not.
     */
    public ReadOnlyStringProperty policySourceProperty() {
        return policySource.getReadOnlyProperty();
    }

    /**
     * Why a false positive or a resolved finding has its status, as the entry that moved it there says
     * ("False positive: test fixture"); empty for other statuses or without a reason.
     */
    public ReadOnlyStringProperty statusReasonProperty() {
        return statusReason.getReadOnlyProperty();
    }

    private void described() {
        Finding current = finding.get();
        policySource.set(PolicySource.describe(current, history));
        String label = current == null ? null : switch (current.status()) {
            case FALSE_POSITIVE -> "False positive: ";
            case RESOLVED -> "Resolved: ";
            default -> null;
        };
        statusReason.set(label == null ? ""
                : HistoryText.reasonFor(current.status(), history).map(label::concat).orElse(""));
    }

    /** The outcome of the last action, or why it failed. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public Role role() {
        Connection connection = session.connection();
        return connection == null ? null : connection.role();
    }

    /** Why {@code action} is refused on the selected finding; empty when it is allowed. */
    public String refusal(TriageAction action) {
        String byRole = TriageRules.roleRefusal(role(), action);
        Finding current = finding.get();
        if (!byRole.isEmpty()) {
            return byRole;
        }
        return current == null ? "Select a finding" : TriageRules.stateRefusal(current.status(), action);
    }

    /** {@link #refusal} that follows the selection and the connection, for a {@code Guarded} control. */
    public StringBinding refusalOf(TriageAction action) {
        return Bindings.createStringBinding(() -> refusal(action), finding, session.connectionProperty());
    }

    /** Why "Apply to…" is refused: decisions are for Admins and Owners, about a selected finding. */
    public StringBinding decisionRefusal() {
        return Bindings.createStringBinding(() -> {
            Role role = role();
            if (role == null || !role.atLeast(Role.ADMIN)) {
                return "Only Admins and Owners make decisions";
            }
            return finding.get() == null ? "Select a finding" : "";
        }, finding, session.connectionProperty());
    }

    /** The decision that set the finding's status, when one did ({@code accepted_by} is {@code decision:<id>}). */
    public static Optional<UUID> decisionOf(Finding finding) {
        String by = finding.acceptedBy();
        if (by == null || !by.startsWith(DECISION_ACTOR)) {
            return Optional.empty();
        }
        try {
            return Optional.of(UUID.fromString(by.substring(DECISION_ACTOR.length())));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    public void apply(TriageInput input) {
        Finding current = finding.get();
        Connection connection = session.connection();
        if (current == null || connection == null) {
            return;
        }
        tasks.submit(() -> connection.client().changeStatus(current.id(), input.change()),
                changed -> changed(changed, TriageRules.label(input.action()) + ": now " + changed.status().wire()),
                failure -> message.set(ServerErrors.describe(failure)));
    }

    /** Assigns the selected finding to {@code userId}, or unassigns it for null. */
    public void assign(UUID userId) {
        Finding current = finding.get();
        Connection connection = session.connection();
        if (current == null || connection == null) {
            return;
        }
        tasks.submit(() -> connection.client().assign(current.id(), userId),
                changed -> changed(changed, changed.assignedTo() == null ? "Unassigned"
                        : "Assigned to " + changed.assignedTo()),
                failure -> message.set(ServerErrors.describe(failure)));
    }

    private void changed(Finding changed, String text) {
        Finding current = finding.get();
        if (current != null && current.id().equals(changed.id())) {
            finding.set(changed);
            loadHistory(changed.id());
        }
        message.set(text);
        onChanged.accept(changed);
    }

    private void loadDetail(UUID id) {
        Connection connection = session.connection();
        detail.set(null);
        if (connection == null) {
            return;
        }
        tasks.submit(() -> connection.client().findings().detail(id), loaded -> {
            Finding current = finding.get();
            if (current != null && current.id().equals(id)) {
                detail.set(loaded);
            }
        }, failure -> message.set(ServerErrors.describe(failure)));
    }

    private void loadHistory(UUID id) {
        Connection connection = session.connection();
        history.clear();
        if (connection == null) {
            return;
        }
        tasks.submit(() -> connection.client().findings().history(id, HISTORY_PAGE, null), page -> {
            Finding current = finding.get();
            if (current != null && current.id().equals(id)) {
                history.setAll(page.data());
            }
        }, failure -> message.set(ServerErrors.describe(failure)));
    }
}
