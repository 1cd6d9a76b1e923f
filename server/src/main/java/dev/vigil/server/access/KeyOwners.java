package dev.vigil.server.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.vigil.server.store.ApiKeyRepository;
import dev.vigil.server.store.ApiKeyRepository.KeyOwner;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.work.Failures;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The owner of each API key (its user, tenant, plan, subscription, expiry and revocation), kept on this node
 * so that a request does not read its key from the database: that lookup was every request's second
 * statement. What can change of a kept owner is the key's revocation and the tenant's plan and subscription,
 * and such changes go through {@link #change}, which makes every node forget every kept owner: this one
 * once the change commits, the others through PostgreSQL's {@code NOTIFY}, which each node that serves the
 * API {@code LISTEN}s to on a connection of its own ({@link #start}). While that connection is down, nothing
 * is kept; and no owner is kept longer than {@link #KEPT}, a bound for a notification lost without the
 * connection failing. An unknown key is never kept. On HSQLDB in this process no other node exists, so the local forgetting is all it takes.
 */
public final class KeyOwners implements AutoCloseable {

    private static final Duration KEPT = Duration.ofSeconds(30);
    private static final String CHANNEL = "vigil_key_owners";
    /** The listening connection's application_name in pg_stat_activity. */
    public static final String LISTENER_NAME = "vigil-key-owners";
    private static final int MAX_KEYS = 10_000;
    /** How long the listener waits for a notification before it checks that its connection still answers. */
    private static final int CHECK_MILLIS = 5_000;
    private static final int NETWORK_TIMEOUT_MILLIS = 15_000;
    private static final Duration RECONNECT_PAUSE = Duration.ofSeconds(1);
    private static final Logger LOG = LoggerFactory.getLogger(KeyOwners.class);

    private final Database database;
    private final ApiKeyRepository keys;
    private final Cache<String, KeyOwner> owners = Caffeine.newBuilder()
            .expireAfterWrite(KEPT)
            .maximumSize(MAX_KEYS)
            .build();
    /** Counts the times everything was forgotten, so that a lookup racing with one does not keep what it read. */
    private final AtomicLong forgettings = new AtomicLong();
    /** Whether a change on another node would reach this one; nothing is kept while it would not. */
    private volatile boolean informed;
    private volatile boolean closed;
    private volatile Connection listening;
    private volatile Thread listener;

    /** Keeps nothing on PostgreSQL until {@link #start} has its listening connection. */
    public KeyOwners(Database database, ApiKeyRepository keys) {
        this.database = database;
        this.keys = keys;
        this.informed = database.inProcess();
    }

    /**
     * On PostgreSQL, starts listening for the other nodes' changes (a connection and a thread of its own), after
     * which owners are kept; a node that serves no API (a worker) never calls it.
     */
    public synchronized void start() {
        if (database.dialect() == Dialect.POSTGRESQL && listener == null) {
            listener = Thread.ofPlatform().daemon().name(LISTENER_NAME).start(this::listen);
        }
    }

    /** The owner of the key with this hash, when a key has it. */
    public Optional<KeyOwner> find(String keyHash) {
        boolean keep = informed;
        if (keep) {
            KeyOwner kept = owners.getIfPresent(keyHash);
            if (kept != null) {
                return Optional.of(kept);
            }
        }
        long before = forgettings.get();
        Optional<KeyOwner> owner = database.read(c -> keys.findOwner(c, keyHash));
        if (keep && owner.isPresent()) {
            owners.put(keyHash, owner.get());
            if (forgettings.get() != before) {
                // everything was forgotten while this read: what it read may predate that change
                owners.invalidate(keyHash);
            }
        }
        return owner;
    }

    /** Whether owners are kept now: a change on another node would reach this one. */
    boolean informed() {
        return informed;
    }

    /**
     * Runs {@code work}, which changes what a key's owner is (a revocation, a tenant's plan or subscription), in
     * one transaction that also tells the other nodes; this node forgets its kept owners once it commits.
     */
    public <T> T change(Database.Work<T> work) {
        try {
            return database.inTransaction(c -> {
                T result = work.run(c);
                if (database.dialect() == Dialect.POSTGRESQL) {
                    try (Statement notify = c.createStatement()) {
                        notify.execute("NOTIFY " + CHANNEL);
                    }
                }
                return result;
            });
        } finally {
            forget();
        }
    }

    private void forget() {
        forgettings.incrementAndGet();
        owners.invalidateAll();
    }

    /** PostgreSQL: listens for other nodes' changes for as long as the node runs, connecting again after a failure. */
    private void listen() {
        while (!closed) {
            try (Connection c = database.openUnpooled()) {
                listening = c;
                c.setNetworkTimeout(Runnable::run, NETWORK_TIMEOUT_MILLIS);
                c.setClientInfo("ApplicationName", LISTENER_NAME);
                try (Statement listen = c.createStatement()) {
                    listen.execute("LISTEN " + CHANNEL);
                }
                // changes made while no connection listened were not heard: forget them before keeping again
                forget();
                informed = true;
                PGConnection notifications = c.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] heard = notifications.getNotifications(CHECK_MILLIS);
                    if (heard != null && heard.length > 0) {
                        forget();
                    } else {
                        try (Statement check = c.createStatement()) {
                            check.execute("SELECT 1");
                        }
                    }
                }
            } catch (Throwable e) {
                // whatever ended the session, even an error, owners are no longer kept until it listens again
                informed = false;
                forget();
                if (!closed) {
                    LOG.warn("not listening for API key changes ({}); keys are read from the database until it "
                            + "listens again", e instanceof SQLException ? e.getMessage() : Failures.describe(e));
                    pause();
                }
            } finally {
                listening = null;
            }
        }
    }

    private void pause() {
        try {
            Thread.sleep(RECONNECT_PAUSE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        informed = false;
        Thread listener = this.listener;
        if (listener != null) {
            Connection c = listening;
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // stopping anyway
                }
            }
            listener.interrupt();
            try {
                listener.join(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
