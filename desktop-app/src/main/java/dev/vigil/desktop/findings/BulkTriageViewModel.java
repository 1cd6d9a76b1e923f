package dev.vigil.desktop.findings;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.Finding;
import dev.vigil.model.Role;
import dev.vigil.model.TriageAction;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Bulk triage of the selected findings: the status action through the bulk endpoint in chunks, assignment
 * one finding at a time (the API has no bulk assign), with progress and a summary of the per-item results.
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

    /** Why {@code action} is refused for the current selection, following role and selection. */
    public StringBinding refusalOf(TriageAction action) {
        return Bindings.createStringBinding(() -> refusal(action, selected.get()), selected, running,
                session.connectionProperty());
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
            for (int from = 0; from < chosen.size(); from += CHUNK) {
                List<UUID> ids = chosen.subList(from, Math.min(from + CHUNK, chosen.size())).stream().map(Finding::id).toList();
                try {
                    BulkStatusResult result = client.bulkStatus(input.change(ids));
                    result.results().forEach(tally::add);
                } catch (RuntimeException refused) {
                    tally.failed(ids, ServerErrors.describe(refused));
                }
                double done = (double) Math.min(from + CHUNK, chosen.size()) / chosen.size();
                tasks.ui(() -> progress.set(done));
            }
            return tally.text();
        }, text -> finish(text, onDone), failure -> finish(ServerErrors.describe(failure), onDone));
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
