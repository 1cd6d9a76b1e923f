package dev.vigil.desktop.notifications;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Role;
import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

import java.util.Optional;

/** Notifications (Admin and Owner): add a webhook (its secret shown once), ping it, see and redeliver. */
public final class NotificationsPage implements Page {

    private static final int DELIVERIES_SHOWN = 50;

    private final NotificationsViewModel model;
    private final NotificationsView view;

    public NotificationsPage(Session session, TaskExecutor tasks) {
        this.model = new NotificationsViewModel(session, tasks, DELIVERIES_SHOWN);
        this.view = new NotificationsView(model);
    }

    @Override
    public String id() {
        return "notifications";
    }

    @Override
    public String title() {
        return "Notifications";
    }

    @Override
    public Ikon icon() {
        return Feather.BELL;
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
                : Optional.of("Only Admins and Owners manage notifications; your role is " + role.wire() + ".");
    }
}
