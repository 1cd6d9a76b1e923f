package dev.vigil.server.access;

import dev.vigil.server.store.ApiKeyRepository.KeyOwner;
import dev.vigil.server.store.Database;
import dev.vigil.server.testing.PostgresDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static dev.vigil.server.access.KeyOwnersFixture.KEYS;
import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two nodes' kept API-key owners over one PostgreSQL database: a change made on one node reaches the other
 * through NOTIFY, and a node whose listening connection is lost forgets what it kept.
 */
@Tag("postgresql")
class KeyOwnersPostgresTest {

    private PostgresDatabase postgres;
    private Database databaseA;
    private Database databaseB;
    private KeyOwners nodeA;
    private KeyOwners nodeB;
    private KeyOwnersFixture key;

    @BeforeEach
    void open() throws InterruptedException {
        postgres = PostgresDatabase.create();
        databaseA = Database.open(postgres.url(), Optional.of(PostgresDatabase.user()), PostgresDatabase.password(), 2);
        databaseB = Database.open(postgres.url(), Optional.of(PostgresDatabase.user()), PostgresDatabase.password(), 2);
        nodeA = new KeyOwners(databaseA, KEYS);
        nodeB = new KeyOwners(databaseB, KEYS);
        nodeA.start();
        nodeB.start();
        key = KeyOwnersFixture.seed(databaseA);
        eventually(() -> nodeA.informed() && nodeB.informed(), Boolean::booleanValue, "both nodes listening");
        // node B keeps the owner, and a change nobody is told of does not reach it
        assertThat(nodeB.find(key.keyHash())).get().matches(owner -> !KeyOwnersFixture.revoked(owner));
        key.revokeUntold();
        assertThat(nodeB.find(key.keyHash())).get().matches(owner -> !KeyOwnersFixture.revoked(owner));
    }

    @AfterEach
    void close() {
        nodeA.close();
        nodeB.close();
        databaseA.close();
        databaseB.close();
        postgres.close();
    }

    @Test
    void aChangeOnOneNodeMakesTheOtherReadTheKeyAgain() throws InterruptedException {
        key.revokeThrough(nodeA);

        KeyOwner seenByB = eventually(() -> nodeB.find(key.keyHash()).orElseThrow(), KeyOwnersFixture::revoked,
                "node B sees the revocation");

        assertThat(seenByB.keyId()).isEqualTo(key.keyId());
    }

    @Test
    void aNodeNotStartedNeitherListensNorKeeps() {
        try (KeyOwners notStarted = new KeyOwners(databaseA, KEYS)) {
            assertThat(notStarted.find(key.keyHash())).get().matches(KeyOwnersFixture::revoked);
            key.unrevokeUntold();

            assertThat(notStarted.find(key.keyHash())).as("read again, not kept")
                    .get().matches(owner -> !KeyOwnersFixture.revoked(owner));
            assertThat(notStarted.informed()).isFalse();
            assertThat(postgres.connectionsNamed(KeyOwners.LISTENER_NAME)).as("nodes A and B").isEqualTo(2);
        }
    }

    @Test
    void aNodeWhoseListeningConnectionIsLostForgetsWhatItKept() throws InterruptedException {
        PostgresDatabase.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '"
                + postgres.name() + "' AND application_name = '" + KeyOwners.LISTENER_NAME + "'");

        eventually(() -> nodeB.find(key.keyHash()).orElseThrow(), KeyOwnersFixture::revoked,
                "node B reads the key again");
        eventually(nodeB::informed, Boolean::booleanValue, "node B listening again");
    }
}
