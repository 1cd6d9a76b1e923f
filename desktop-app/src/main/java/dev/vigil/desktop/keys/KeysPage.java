package dev.vigil.desktop.keys;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Role;
import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

import java.time.Clock;
import java.util.Optional;

/** API keys (Admin and Owner): create one for oneself or a user, shown once; revoke. */
public final class KeysPage implements Page {

    private static final int PAGE_SIZE = 50;

    private final KeysViewModel model;
    private final KeysView view;

    public KeysPage(Session session, TaskExecutor tasks) {
        this.model = new KeysViewModel(session, tasks, Clock.systemDefaultZone(), PAGE_SIZE);
        this.view = new KeysView(model);
    }

    @Override
    public String id() {
        return "keys";
    }

    @Override
    public String title() {
        return "API keys";
    }

    @Override
    public Ikon icon() {
        return Feather.KEY;
    }

    @Override
    public KeyCombination shortcut() {
        return KeyCombination.keyCombination("Shortcut+4");
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
                : Optional.of("Only Admins and Owners manage API keys; your role is " + role.wire() + ".");
    }
}
