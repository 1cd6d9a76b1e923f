package dev.vigil.desktop.keys;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.ApiKey;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.Page;
import dev.vigil.model.Role;
import dev.vigil.model.User;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The API keys page: the tenant's keys a page at a time, creating one (its value held until dismissed:
 * shown once), revoking. Everything loads again when the connection changes.
 */
public final class KeysViewModel {

    private final Session session;
    private final TaskExecutor tasks;
    private final Clock clock;
    private final KeyRules rules;
    private final int pageSize;
    private final ObservableList<KeyRow> rows = FXCollections.observableArrayList();
    private final ObservableList<User> owners = FXCollections.observableArrayList();
    private final ObservableList<KeyRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<User> readOnlyOwners = FXCollections.unmodifiableObservableList(owners);
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(this, "hasMore");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper formProblem = new ReadOnlyStringWrapper(this, "formProblem", "");
    private final ReadOnlyObjectWrapper<CreatedApiKey> created = new ReadOnlyObjectWrapper<>(this, "created");
    private Map<UUID, String> emails = Map.of();
    private String cursor;
    private int generation;

    public KeysViewModel(Session session, TaskExecutor tasks, Clock clock, int pageSize) {
        this.session = session;
        this.tasks = tasks;
        this.clock = clock;
        this.rules = new KeyRules(clock);
        this.pageSize = pageSize;
        session.connectionProperty().subscribe(connection -> reload());
    }

    public ObservableList<KeyRow> rows() {
        return readOnlyRows;
    }

    /** The users the caller may create a key for: none whose role is above the caller's. */
    public ObservableList<User> owners() {
        return readOnlyOwners;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasMoreProperty() {
        return hasMore.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty formProblemProperty() {
        return formProblem.getReadOnlyProperty();
    }

    /** The key just created, until {@link #dismissCreated()}: the only time its value is known. */
    public ReadOnlyObjectProperty<CreatedApiKey> createdProperty() {
        return created.getReadOnlyProperty();
    }

    public Optional<User> me() {
        return Optional.ofNullable(session.connection()).map(Connection::user);
    }

    /** The rules a new key's name and expiry are checked against before sending. */
    public KeyRules rules() {
        return rules;
    }

    /** Loads the first page again (and the users, for owners' names and the picker). */
    public void reload() {
        int asked = ++generation;
        rows.clear();
        hasMore.set(false);
        problem.set("");
        Connection connection = session.connection();
        if (connection == null || !connection.role().atLeast(Role.ADMIN)) {
            owners.clear();
            return;
        }
        VigilClient client = connection.client();
        loading.set(true);
        tasks.submit(() -> new FirstPage(client.allUsers().toList(), client.listApiKeys(pageSize, null)), first -> {
            if (asked == generation) {
                emails = first.users().stream().collect(Collectors.toMap(User::id, User::email));
                owners.setAll(first.users().stream().filter(user -> connection.role().atLeast(user.role())).toList());
                append(first.keys());
            }
        }, failure -> failed(asked, failure));
    }

    public void loadMore() {
        Connection connection = session.connection();
        if (connection == null || !hasMore.get() || loading.get()) {
            return;
        }
        int asked = generation;
        String after = cursor;
        loading.set(true);
        tasks.submit(() -> connection.client().listApiKeys(pageSize, after), page -> {
            if (asked == generation) {
                append(page);
            }
        }, failure -> failed(asked, failure));
    }

    /** Creates a key for {@code owner} (the caller when null); the server's message if it refuses. */
    public void create(String name, LocalDate expiry, User owner) {
        Optional<String> wrong = rules.problemWith(name, expiry);
        formProblem.set(wrong.orElse(""));
        Connection connection = session.connection();
        if (wrong.isPresent() || connection == null) {
            return;
        }
        NewApiKey key = new NewApiKey(name.strip(), expiry.toString(), owner == null ? null : owner.id());
        tasks.submit(() -> connection.client().createApiKey(key), done -> {
            created.set(done);
            reload();
        }, failure -> formProblem.set(ServerErrors.describe(failure)));
    }

    /** Forgets the new key's value: it cannot be shown again. */
    public void dismissCreated() {
        created.set(null);
    }

    public void revoke(KeyRow row) {
        Connection connection = session.connection();
        if (connection == null || !row.isActive()) {
            return;
        }
        tasks.submit(() -> {
            connection.client().revokeApiKey(row.id());
            return row;
        }, done -> {
            if (row.thisApp()) {
                session.ownKeyRevoked();  // every request fails from now on: the shell says so, not a green light
                rows.replaceAll(r -> r.id().equals(row.id()) ? r.revoked() : r);
            } else {
                reload();
            }
        }, failure -> problem.set(ServerErrors.describe(failure)));
    }

    private void append(Page<ApiKey> page) {
        loading.set(false);
        cursor = page.nextCursor();
        hasMore.set(page.hasMore());
        var now = clock.instant();
        Connection connection = session.connection();
        rows.addAll(page.data().stream()
                .map(key -> KeyRow.of(key, emails.getOrDefault(key.userId(), "unknown user"), now, clock.getZone(),
                        isThisApps(connection, key)))
                .toList());
    }

    /** The key the dashboard acts with: its shown prefix and its user are the connection's. */
    private static boolean isThisApps(Connection connection, ApiKey key) {
        return connection != null && key.prefix().equals(connection.keyPrefix())
                && key.userId().equals(connection.user().id());
    }

    private void failed(int asked, Throwable failure) {
        if (asked == generation) {
            loading.set(false);
            problem.set(ServerErrors.describe(failure));
        }
    }

    private record FirstPage(List<User> users, Page<ApiKey> keys) {
    }
}
