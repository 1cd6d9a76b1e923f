package dev.vigil.desktop.decisions;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Role;
import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

import java.util.Optional;
import java.util.UUID;

/** Decisions (Admin and Owner): the tenant's decisions across projects, filtered by status; delete one. */
public final class DecisionsPage implements Page {

    private static final int PAGE_SIZE = 50;

    private final DecisionsViewModel model;
    private final DecisionsView view;

    public DecisionsPage(Session session, TaskExecutor tasks) {
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
    public String id() {
        return "decisions";
    }

    @Override
    public String title() {
        return "Decisions";
    }

    @Override
    public Ikon icon() {
        return Feather.CHECK_SQUARE;
    }

    @Override
    public KeyCombination shortcut() {
        return KeyCombination.keyCombination("Shortcut+5");
    }

    @Override
    public Node view() {
        return view;
    }

    @Override
    public void shown() {
        model.reload();
    }

    @Override
    public Optional<String> refusal(Role role) {
        return role.atLeast(Role.ADMIN) ? Optional.empty()
                : Optional.of("Only Admins and Owners manage decisions; your role is " + role.wire() + ".");
    }
}
