package dev.vigil.server.access;

import dev.vigil.server.store.ApiKeyRepository.KeyOwner;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.Dialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static dev.vigil.server.access.KeyOwnersFixture.KEYS;
import static org.assertj.core.api.Assertions.assertThat;

/** API keys' owners kept on one node over HSQLDB in this process, where no other node can change them. */
class KeyOwnersTest {

    @TempDir
    Path dataDir;

    private Database database;
    private KeyOwners owners;
    private KeyOwnersFixture key;

    @BeforeEach
    void open() {
        database = Database.open(Dialect.hsqldbFileUrl(dataDir), Optional.empty(), "", 2);
        owners = new KeyOwners(database, KEYS);
        key = KeyOwnersFixture.seed(database);
    }

    @AfterEach
    void close() {
        owners.close();
        database.close();
    }

    @Test
    void anInProcessDatabaseKeepsOwnersFromTheStart() {
        assertThat(owners.informed()).isTrue();
    }

    @Test
    void anOwnerReadOnceIsKept() {
        assertThat(owners.find(key.keyHash())).get().extracting(KeyOwner::keyId).isEqualTo(key.keyId());

        key.revokeUntold();

        assertThat(owners.find(key.keyHash())).get().matches(owner -> !KeyOwnersFixture.revoked(owner));
    }

    @Test
    void aRevocationThroughChangeIsSeenAtOnce() {
        assertThat(owners.find(key.keyHash())).get().matches(owner -> !KeyOwnersFixture.revoked(owner));

        key.revokeThrough(owners);

        assertThat(owners.find(key.keyHash())).get().matches(KeyOwnersFixture::revoked);
    }

    @Test
    void anUnknownKeyIsNotKept() {
        assertThat(owners.find("hash-of-a-key-made-later")).isEmpty();

        KeyOwnersFixture later = KeyOwnersFixture.seed(database, "hash-of-a-key-made-later");

        assertThat(owners.find("hash-of-a-key-made-later")).get().extracting(KeyOwner::keyId)
                .isEqualTo(later.keyId());
    }
}
