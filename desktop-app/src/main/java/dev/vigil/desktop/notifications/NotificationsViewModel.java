package dev.vigil.desktop.notifications;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.CreatedWebhook;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The notifications page: the tenant's webhooks, adding one (its secret held until dismissed: shown once),
 * and for the selected webhook a ping, a resume and its deliveries, newest first, each of which may be sent
 * again. Everything loads again when the connection changes.
 */
public final class NotificationsViewModel {

    private static final int LARGEST_PAGE = 100;

    private final Session session;
    private final TaskExecutor tasks;
    private final int deliveriesShown;
    private final ObservableList<Webhook> webhooks = FXCollections.observableArrayList();
    private final ObservableList<Project> projects = FXCollections.observableArrayList();
    private final ObservableList<WebhookDelivery> deliveries = FXCollections.observableArrayList();
    private final ObservableList<Webhook> readOnlyWebhooks = FXCollections.unmodifiableObservableList(webhooks);
    private final ObservableList<Project> readOnlyProjects = FXCollections.unmodifiableObservableList(projects);
    private final ObservableList<WebhookDelivery> readOnlyDeliveries =
            FXCollections.unmodifiableObservableList(deliveries);
    private final ReadOnlyObjectWrapper<Webhook> selected = new ReadOnlyObjectWrapper<>(this, "selected");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper formProblem = new ReadOnlyStringWrapper(this, "formProblem", "");
    private final ReadOnlyObjectWrapper<CreatedWebhook> created = new ReadOnlyObjectWrapper<>(this, "created");
    private Map<UUID, String> projectNames = Map.of();
    private int generation;

    public NotificationsViewModel(Session session, TaskExecutor tasks, int deliveriesShown) {
        this.session = session;
        this.tasks = tasks;
        this.deliveriesShown = deliveriesShown;
        session.connectionProperty().subscribe(connection -> reload());
    }

    public ObservableList<Webhook> webhooks() {
        return readOnlyWebhooks;
    }

    /** The projects a webhook may be limited to. */
    public ObservableList<Project> projects() {
        return readOnlyProjects;
    }

    /** The selected webhook's deliveries, newest first. */
    public ObservableList<WebhookDelivery> deliveries() {
        return readOnlyDeliveries;
    }

    public ReadOnlyObjectProperty<Webhook> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty formProblemProperty() {
        return formProblem.getReadOnlyProperty();
    }

    /** The webhook just added, until {@link #dismissCreated()}: the only time its secret is known. */
    public ReadOnlyObjectProperty<CreatedWebhook> createdProperty() {
        return created.getReadOnlyProperty();
    }

    /** The project's name, or "every project" for a webhook without a project. */
    public String projectName(UUID projectId) {
        return projectId == null ? "every project" : projectNames.getOrDefault(projectId, projectId.toString());
    }

    /** Loads the webhooks and projects again; keeps the selection if the webhook is still there. */
    public void reload() {
        int asked = ++generation;
        problem.set("");
        Connection connection = session.connection();
        if (connection == null || !connection.role().atLeast(Role.ADMIN)) {
            webhooks.clear();
            projects.clear();
            deliveries.clear();
            selected.set(null);
            return;
        }
        VigilClient client = connection.client();
        loading.set(true);
        tasks.submit(() -> new Loaded(allWebhooks(client), client.allProjects().toList()), loaded -> {
            if (asked == generation) {
                loading.set(false);
                Webhook was = selected.get();
                projectNames = loaded.projects().stream().collect(Collectors.toMap(Project::id, Project::name));
                projects.setAll(loaded.projects());
                webhooks.setAll(loaded.webhooks());
                select(was == null ? null : loaded.webhooks().stream().filter(w -> w.id().equals(was.id()))
                        .findFirst().orElse(null));
            }
        }, failure -> failed(asked, failure));
    }

    /** Selects {@code webhook} (null for none) and loads its deliveries. */
    public void select(Webhook webhook) {
        selected.set(webhook);
        reloadDeliveries();
    }

    public void reloadDeliveries() {
        Webhook webhook = selected.get();
        Connection connection = session.connection();
        deliveries.clear();
        if (webhook == null || connection == null) {
            return;
        }
        int asked = generation;
        tasks.submit(() -> connection.client().listDeliveries(webhook.id(), deliveriesShown, null), page -> {
            if (asked == generation && webhook.equals(selected.get())) {
                deliveries.setAll(page.data());
            }
        }, failure -> failed(asked, failure));
    }

    /** Adds a webhook for {@code events} ({@code project} null: every project); the server's message if refused. */
    public void create(String url, Collection<WebhookEvent> events, WebhookFormat format, Project project) {
        String wrong = url == null || url.isBlank() ? "Enter the URL that receives the events."
                : events.isEmpty() ? "Choose at least one event." : "";
        formProblem.set(wrong);
        Connection connection = session.connection();
        if (!wrong.isEmpty() || connection == null) {
            return;
        }
        NewWebhook webhook = new NewWebhook(url.strip(), List.copyOf(events), format,
                project == null ? null : project.id());
        tasks.submit(() -> connection.client().createWebhook(webhook), done -> {
            created.set(done);
            reload();
        }, failure -> formProblem.set(ServerErrors.describe(failure)));
    }

    /** Forgets the new webhook's secret: it cannot be shown again. */
    public void dismissCreated() {
        created.set(null);
    }

    /** Queues a ping to the selected webhook and shows its delivery. */
    public void ping() {
        act(client -> client.pingWebhook(selected.get().id()));
    }

    /** Ends the selected webhook's pause. */
    public void resume() {
        act(client -> client.resumeWebhook(selected.get().id()));
    }

    /** Queues the delivery's event again. */
    public void redeliver(WebhookDelivery delivery) {
        act(client -> client.redeliver(selected.get().id(), delivery.id()));
    }

    private interface Call {
        Object run(VigilClient client);
    }

    /** Runs {@code call} for the selected webhook, then loads the webhooks and its deliveries again. */
    private void act(Call call) {
        Connection connection = session.connection();
        if (connection == null || selected.get() == null) {
            return;
        }
        tasks.submit(() -> call.run(connection.client()), done -> reload(),
                failure -> problem.set(ServerErrors.describe(failure)));
    }

    private static List<Webhook> allWebhooks(VigilClient client) {
        List<Webhook> all = new ArrayList<>();
        String cursor = null;
        do {
            var page = client.listWebhooks(LARGEST_PAGE, cursor);
            all.addAll(page.data());
            cursor = page.hasMore() ? page.nextCursor() : null;
        } while (cursor != null);
        return all;
    }

    private void failed(int asked, Throwable failure) {
        if (asked == generation) {
            loading.set(false);
            problem.set(ServerErrors.describe(failure));
        }
    }

    private record Loaded(List<Webhook> webhooks, List<Project> projects) {
    }
}
