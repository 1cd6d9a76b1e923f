package dev.vigil.desktop.notifications;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.AdminPage;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import org.kordamp.ikonli.feather.Feather;

/** Notifications (Admin and Owner): add a webhook (its secret shown once), ping it, see and redeliver. */
public final class NotificationsPage extends AdminPage {

    private static final int DELIVERIES_SHOWN = 50;

    private final NotificationsViewModel model;
    private final NotificationsView view;

    public NotificationsPage(Session session, TaskExecutor tasks) {
        super("notifications", "Notifications", Feather.BELL, "Shortcut+6", "notifications");
        this.model = new NotificationsViewModel(session, tasks, DELIVERIES_SHOWN);
        this.view = new NotificationsView(model);
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
