package dev.vigil.desktop.decisions;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.AdminPage;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import org.kordamp.ikonli.feather.Feather;

import java.util.UUID;

/** Decisions (Admin and Owner): the tenant's decisions across projects, filtered by status; delete one. */
public final class DecisionsPage extends AdminPage {

    private static final int PAGE_SIZE = 50;

    private final DecisionsViewModel model;
    private final DecisionsView view;

    public DecisionsPage(Session session, TaskExecutor tasks) {
        super("decisions", "Decisions", Feather.CHECK_SQUARE, "Shortcut+5", "decisions");
        this.model = new DecisionsViewModel(session, tasks, PAGE_SIZE);
        this.view = new DecisionsView(model);
    }

    public DecisionsViewModel model() {
        return model;
    }

    /** Marks the decision to select when the page shows it (a finding's detail links here). */
    public void focus(UUID decisionId) {
        model.focus(decisionId);
    }

    @Override
    public Node view() {
        return view;
    }

    @Override
    public void shown() {
        model.reload();
    }
}
