package dev.vigil.desktop.keys;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.AdminPage;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import org.kordamp.ikonli.feather.Feather;

import java.time.Clock;

/** API keys (Admin and Owner): create one for oneself or a user, shown once; revoke. */
public final class KeysPage extends AdminPage {

    private static final int PAGE_SIZE = 50;

    private final KeysViewModel model;
    private final KeysView view;

    public KeysPage(Session session, TaskExecutor tasks) {
        super("keys", "API keys", Feather.KEY, "Shortcut+4", "API keys");
        this.model = new KeysViewModel(session, tasks, Clock.systemDefaultZone(), PAGE_SIZE);
        this.view = new KeysView(model);
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
