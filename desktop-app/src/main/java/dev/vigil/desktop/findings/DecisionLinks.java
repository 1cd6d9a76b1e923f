package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.decisions.ApplyToDialog;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Finding;
import javafx.scene.Node;

import java.util.UUID;
import java.util.function.Consumer;

/** From a finding to decisions: "Apply to…" opens the dialog; a decision's link opens the Decisions page. */
final class DecisionLinks {

    private final Session session;
    private final TaskExecutor tasks;
    private final Node owner;
    private final Runnable afterDecision;
    private Consumer<UUID> openDecision = id -> { };

    DecisionLinks(Session session, TaskExecutor tasks, Node owner, Runnable afterDecision) {
        this.session = session;
        this.tasks = tasks;
        this.owner = owner;
        this.afterDecision = afterDecision;
    }

    void onOpenDecision(Consumer<UUID> open) {
        openDecision = open;
    }

    void applyTo(Finding finding) {
        ApplyToDialog.open(owner.getScene().getWindow(), session, tasks, finding, decision -> afterDecision.run());
    }

    void open(UUID decisionId) {
        openDecision.accept(decisionId);
    }
}
