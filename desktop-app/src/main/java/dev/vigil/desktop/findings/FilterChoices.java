package dev.vigil.desktop.findings;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Project;
import dev.vigil.model.User;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Comparator;
import java.util.UUID;

/** The projects and users the filter bar and the assign dialog offer, the key's own user first. */
public final class FilterChoices {

    private final Session session;
    private final TaskExecutor tasks;
    private final ObservableList<Project> projects = FXCollections.observableArrayList();
    private final ObservableList<User> users = FXCollections.observableArrayList();
    private UUID me;

    FilterChoices(Session session, TaskExecutor tasks) {
        this.session = session;
        this.tasks = tasks;
    }

    public ObservableList<Project> projects() {
        return projects;
    }

    /** Every user of the tenant; the one the key acts for comes first. */
    public ObservableList<User> users() {
        return users;
    }

    /** "me · alice@example.com" for the key's own user, the email for the others. */
    public String label(User user) {
        return user.id().equals(me) ? "me · " + user.email() : user.email();
    }

    void load() {
        Connection connection = session.connection();
        projects.clear();
        users.clear();
        if (connection == null) {
            return;
        }
        VigilClient client = connection.client();
        me = connection.user().id();
        tasks.submit(() -> client.allProjects().toList(), found -> {
            if (session.connection() == connection) {
                projects.setAll(found.stream().sorted(Comparator.comparing(Project::name)).toList());
            }
        }, ignored -> { });
        UUID self = me;
        tasks.submit(() -> client.allUsers().toList(), found -> {
            if (session.connection() == connection) {
                users.setAll(found.stream().sorted(Comparator.comparing((User u) -> !u.id().equals(self))
                        .thenComparing(User::email)).toList());
            }
        }, ignored -> { });
    }
}
