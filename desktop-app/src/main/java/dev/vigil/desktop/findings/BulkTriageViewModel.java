package dev.vigil.desktop.findings;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Role;
import dev.vigil.model.TriageAction;
import dev.vigil.model.TriageStateMachine;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Bulk triage of the selected findings: the status action through the bulk endpoint in chunks, assignment
 * one finding at a time (the API has no bulk assign), with progress and a summary of the per-item results.
 * After a status action the reverse changes are kept as an {@link UndoPlan} until the view lets it go.
 */
public final class BulkTriageViewModel {

    /** The bulk endpoint takes at most 1,000 ids (docs/adr/0012-triage-state-machine-and-bulk-triage.md). */
    public static final int BULK_LIMIT = 1000;
    static final int CHUNK = 100;

    private final Session session;
    private final TaskExecutor tasks;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final IntegerProperty selected = new SimpleIntegerProperty(this, "selected");
    private final ObservableList<Finding> selection = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<UndoPlan> undo = new ReadOnlyObjectWrapper<>(this, "undo");

    public BulkTriageViewModel(Session session, TaskExecutor tasks) {
        this.session = session;
        this.tasks = tasks;
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** What the last bulk action changed and what the server refused, or why it failed. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** How many findings are selected: the view keeps it in step with the table. */
    public IntegerProperty selectedProperty() {
        return selected;
    }

    /** The selected findings: the view keeps it in step with the table, to refuse actions that change none. */
    public ObservableList<Finding> selection() {
        return selection;
    }

    /** What the last status action can still undo; null when nothing can be undone. */
    public ReadOnlyObjectProperty<UndoPlan> undoProperty() {
        return undo.getReadOnlyProperty();
    }

    /** Why {@code action} is refused for the current selection, following role, selection and its states. */
    public StringBinding refusalOf(TriageAction action) {
        return Bindings.createStringBinding(() -> refusal(action, selection.isEmpty() && selected.get() > 0
                ? null : List.copyOf(selection), selected.get()), selected, selection, running, session.connectionProperty());
    }

    /** Why bulk assignment is refused for the current selection. */
    public StringBinding assignRefusal() {
        return Bindings.createStringBinding(() -> refusal(selected.get()), selected, running);
    }

    /** Why a bulk action is refused for {@code selected} findings; empty when it is allowed. */
    public String refusal(TriageAction action, int selected) {
        String byRole = TriageRules.roleRefusal(role(), action);
        if (!byRole.isEmpty()) {
            return byRole;
        }
        return refusal(selected);
    }

    /**
     * Why {@code action} is refused for {@code findings} (null: states unknown): also when it would move none
     * of them, all being in its target state already or in states it cannot leave.
     */
    public String refusal(TriageAction action, List<Finding> findings, int count) {
        String general = refusal(action, count);
        if (!general.isEmpty() || findings == null || findings.isEmpty()) {
            return general;
        }
        if (findings.stream().anyMatch(f -> TriageStateMachine.outcome(f.status(), action) == TriageStateMachine.Outcome.MOVE)) {
            return "";
        }
        if (findings.size() == 1) {
            return TriageRules.stateRefusal(findings.getFirst().status(), action);
        }
        Set<FindingStatus> states = findings.stream().map(Finding::status)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(FindingStatus.class)));
        return TriageRules.label(action) + " would change none of the " + String.format("%,d", findings.size())
                + " selected findings (" + states.stream().map(FindingStatus::wire).collect(Collectors.joining(", ")) + ")";
    }

    /** Why bulk assignment (any role may assign) is refused; empty when allowed. */
    public String refusal(int selected) {
        if (running.get()) {
            return "A bulk action is running";
        }
        if (selected == 0) {
            return "Select findings first";
        }
        return selected > BULK_LIMIT ? "At most " + String.format("%,d", BULK_LIMIT) + " findings at a time" : "";
    }

    /** Applies {@code input} to {@code targets} in chunks, then runs {@code onDone} (to reload the list). */
    public void apply(List<Finding> targets, TriageInput input, Runnable onDone) {
        VigilClient client = client();
        if (client == null || targets.isEmpty() || running.get()) {
            return;
        }
        List<Finding> chosen = List.copyOf(targets.subList(0, Math.min(targets.size(), BULK_LIMIT)));
        start();
        tasks.submit(() -> {
            BulkSummary tally = new BulkSummary(input.action(), chosen);
            List<BulkStatusResult.Item> items = send(client, input, chosen.stream().map(Finding::id).toList(), tally, 0, 1);
            return new Applied(tally.text(), UndoPlan.of(input.action(), chosen, items));
        }, applied -> {
            finish(applied.text(), onDone);
            undo.set(applied.undo().steps().isEmpty() ? null : applied.undo());
        }, failure -> finish(ServerErrors.describe(failure), onDone));
    }

    /** Sends the kept {@link UndoPlan}'s changes, then runs {@code onDone}; an undo cannot itself be undone. */
    public void undo(Runnable onDone) {
        UndoPlan plan = undo.get();
        VigilClient client = client();
        if (plan == null || client == null || running.get()) {
            return;
        }
        start();
        tasks.submit(() -> {
            List<String> refused = new ArrayList<>();
            for (int i = 0; i < plan.steps().size(); i++) {
                UndoPlan.Step step = plan.steps().get(i);
                BulkSummary tally = new BulkSummary(step.input().action(), List.of());
                send(client, step.input(), step.ids(), tally, (double) i / plan.steps().size(), 1.0 / plan.steps().size());
                tally.refusals().ifPresent(refused::add);
            }
            String undone = "Undone: " + plan.description() + ", " + String.format("%,d", plan.findings())
                    + (plan.findings() == 1 ? " finding" : " findings") + " put back";
            return refused.isEmpty() ? undone : undone + " · " + String.join(" · ", refused);
        }, text -> finish(text, onDone), failure -> finish(ServerErrors.describe(failure), onDone));
    }

    /** Lets the undo go: its time is up, or another action replaces it. */
    public void dismissUndo() {
        undo.set(null);
    }

    /** Sends {@code input} for {@code ids} in chunks, tallying; progress runs from {@code base} over {@code span}. */
    private List<BulkStatusResult.Item> send(VigilClient client, TriageInput input, List<UUID> ids, BulkSummary tally,
                                             double base, double span) {
        List<BulkStatusResult.Item> items = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<UUID> chunk = ids.subList(from, Math.min(from + CHUNK, ids.size()));
            try {
                BulkStatusResult result = client.bulkStatus(input.change(chunk));
                result.results().forEach(tally::add);
                items.addAll(result.results());
            } catch (RuntimeException refused) {
                tally.failed(chunk, ServerErrors.describe(refused));
            }
            double done = base + span * Math.min(from + CHUNK, ids.size()) / ids.size();
            tasks.ui(() -> progress.set(done));
        }
        return items;
    }

    private record Applied(String text, UndoPlan undo) {
    }

    /** Assigns every target to {@code userId} (null unassigns), one request each. */
    public void assign(List<Finding> targets, UUID userId, String assigneeName, Runnable onDone) {
        VigilClient client = client();
        if (client == null || targets.isEmpty() || running.get()) {
            return;
        }
        List<UUID> ids = targets.stream().limit(BULK_LIMIT).map(Finding::id).toList();
        start();
        tasks.submit(() -> {
            List<String> refused = new ArrayList<>();
            for (int i = 0; i < ids.size(); i++) {
                try {
                    client.assign(ids.get(i), userId);
                } catch (RuntimeException e) {
                    refused.add(ServerErrors.describe(e));
                }
                double done = (double) (i + 1) / ids.size();
                tasks.ui(() -> progress.set(done));
            }
            String assigned = String.format("%,d", ids.size() - refused.size()) + (userId == null ? " unassigned"
                    : " assigned to " + assigneeName);
            return refused.isEmpty() ? assigned : assigned + " · " + refused.size() + " refused: " + refused.getFirst();
        }, text -> finish(text, onDone), failure -> finish(ServerErrors.describe(failure), onDone));
    }

    private void start() {
        undo.set(null);
        running.set(true);
        progress.set(0);
        summary.set("");
    }

    private void finish(String text, Runnable onDone) {
        running.set(false);
        progress.set(1);
        summary.set(text);
        onDone.run();
    }

    private VigilClient client() {
        Connection connection = session.connection();
        return connection == null ? null : connection.client();
    }

    private Role role() {
        Connection connection = session.connection();
        return connection == null ? null : connection.role();
    }
}
