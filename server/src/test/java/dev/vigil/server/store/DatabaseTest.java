package dev.vigil.server.store;

import dev.vigil.server.testing.PostgresDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Transactions and autocommit reads on a pool of two connections, over HSQLDB (and PostgreSQL in its suite). */
class DatabaseTest {

    private Optional<PostgresDatabase> postgres = Optional.empty();
    private Database database;

    @BeforeEach
    void openWithTwoConnections() {
        if (PostgresDatabase.selected()) {
            postgres = Optional.of(PostgresDatabase.create());
            database = Database.open(postgres.get().url(), Optional.of(PostgresDatabase.user()),
                    PostgresDatabase.password(), 2);
        } else {
            database = Database.open("jdbc:hsqldb:mem:db-" + UUID.randomUUID() + ";hsqldb.tx=mvcc", Optional.empty(),
                    "", 2);
        }
        database.run(c -> Sql.update(c, "CREATE TABLE scratch (n INT)"));
    }

    @AfterEach
    void close() {
        database.close();
        postgres.ifPresent(PostgresDatabase::close);
    }

    @Test
    void aReadReturnsWhatItsWorkReturnsAndSeesCommittedRows() {
        database.run(c -> Sql.update(c, "INSERT INTO scratch (n) VALUES (7)"));

        long rows = database.read(DatabaseTest::count);

        assertThat(rows).isEqualTo(1);
    }

    @Test
    void theConnectionsReadsUsedAreTransactionalAgainAfterwards() {
        // one read inside another: both pooled connections have been in autocommit
        database.read(outer -> database.read(DatabaseTest::count) + count(outer));

        // one transaction inside another, so that each of the two connections writes and is rolled back
        assertThatThrownBy(() -> database.run(outer -> {
            Sql.update(outer, "INSERT INTO scratch (n) VALUES (1)");
            database.run(inner -> {
                Sql.update(inner, "INSERT INTO scratch (n) VALUES (2)");
                throw new IllegalStateException("rolled back");
            });
        })).hasMessage("rolled back");

        assertThat(database.read(DatabaseTest::count)).isZero();
    }

    @Test
    void aFailingReadIsAStoreException() {
        assertThatThrownBy(() -> database.read(c -> Sql.count(c, "SELECT COUNT(*) FROM no_such_table")))
                .isInstanceOf(StoreException.class);
        assertThat(database.read(DatabaseTest::count)).isZero();
    }

    private static long count(Connection c) throws SQLException {
        return Sql.count(c, "SELECT COUNT(*) FROM scratch");
    }
}
