package dev.vigil.server.store;

import db.migration.V11__Count_arrivals;
import db.migration.V21__Index_the_location_and_deadline_sorts;
import db.migration.V6__Backfill_search_index;
import db.migration.V9__Count_findings;
import dev.vigil.model.NewProject;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.LongPaths;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java migrations carry their own SQL (ADR 0046): V6, V9 and V11, run over findings whose index or counts
 * are missing, write exactly what today's {@link SearchIndex} and {@link FindingCounts} write.
 */
@VigilServerTest
class FrozenMigrationsTest {

    private static final List<String> INDEX = List.of(
            "SELECT tenant_id, term, sort_key, finding_id FROM finding_terms",
            "SELECT tenant_id, suffix, word FROM search_words");
    private static final List<String> COUNTS = List.of(
            "SELECT tenant_id, project_id, severity, status, scan_type, n FROM finding_counts",
            "SELECT tenant_id, project_id, deadline_day, n FROM finding_deadlines",
            "SELECT tenant_id, project_id, first_seen_day, severe, n FROM finding_arrivals");

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static TestServer.Tenant neighbour;

    @BeforeAll
    static void seed() {
        Database database = server.server().database();
        long now = System.currentTimeMillis();
        for (TestServer.Tenant t : List.of(tenant, neighbour)) {
            for (String name : List.of("frozen-a", "frozen-b")) {
                UUID project = t.owner().createProject(new NewProject(name, "main")).id();
                new FindingSeeder(database, name.hashCode()).seed(t.id(), project, 400, now);
            }
        }
    }

    @Test
    void countFindingsAndArrivalsAsTheLiveCountsDo() {
        Database database = server.server().database();
        database.run(c -> {
            Sql.update(c, "UPDATE findings SET status = 'resolved' WHERE scan_type = 'iac'");
            Sql.update(c, "UPDATE findings SET status = 'accepted' WHERE severity = 2 AND scan_type = 'sca'");
            Sql.update(c, "UPDATE findings SET status = 'in_progress' WHERE severity = 0 AND scan_type = 'secrets'");
            Sql.update(c, "DELETE FROM finding_counts");
            Sql.update(c, "DELETE FROM finding_deadlines");
            Sql.update(c, "DELETE FROM finding_arrivals");
        });
        database.run(c -> {
            migrate(new V9__Count_findings(), c);
            migrate(new V11__Count_arrivals(), c);
        });
        List<List<String>> frozen = rows(database, COUNTS);

        database.run(FindingCounts::recountAll);

        assertThat(frozen.get(0)).hasSize(2 * 2 * 5 * 6 * 3);
        assertThat(frozen.get(1)).isNotEmpty();
        assertThat(frozen.get(2)).isNotEmpty();
        assertThat(frozen).isEqualTo(rows(database, COUNTS));
    }

    @Test
    void indexTheFindingsAsTheLiveBackfillDoes() {
        Database database = server.server().database();
        database.run(c -> {
            Sql.update(c, "DELETE FROM finding_terms");
            Sql.update(c, "DELETE FROM search_words");
            migrate(new V6__Backfill_search_index(), c);
        });
        List<List<String>> frozen = rows(database, INDEX);
        database.run(c -> {
            Sql.update(c, "DELETE FROM finding_terms");
            Sql.update(c, "DELETE FROM search_words");
            SearchIndex.backfill(c);
        });

        assertThat(frozen.get(0)).hasSizeGreaterThan(1_600);
        assertThat(frozen.get(1)).isNotEmpty();
        assertThat(frozen).isEqualTo(rows(database, INDEX));
    }

    @Test
    void clipTheStoredPathsAsTheMergeClipsThemAndIndexTheLocationSort() {
        Database database = server.server().database();
        String deep = LongPaths.cjk("x.tf");
        String ascii = "a/".repeat(400) + "main.tf";
        List<UUID> ids = database.read(c -> Sql.list(c, "SELECT id FROM findings WHERE tenant_id = ? ORDER BY id"
                + " LIMIT 2", row -> Sql.uuid(row, "id"), tenant.id()));
        database.run(c -> {
            // PostgreSQL would refuse the long path while the index holds it
            Sql.update(c, "DROP INDEX findings_by_location");
            Sql.update(c, "UPDATE findings SET path = ? WHERE id = ?", deep, ids.get(0));
            Sql.update(c, "UPDATE findings SET path = ? WHERE id = ?", ascii, ids.get(1));
            migrate(new V21__Index_the_location_and_deadline_sorts(), c);
        });

        String clipped = path(database, ids.get(0));
        assertThat(clipped).isEqualTo(MergeRepository.storedPath(deep)).isNotEqualTo(deep);
        assertThat(deep).startsWith(clipped);
        assertThat(clipped.getBytes(StandardCharsets.UTF_8).length).isBetween(1_998, 2_000);
        assertThat(path(database, ids.get(1))).isEqualTo(ascii).isEqualTo(MergeRepository.storedPath(ascii));
        assertThat(indexColumns(database, "findings_by_location")).containsExactly("tenant_id", "path", "line",
                "sort_key", "id");
        assertThat(indexColumns(database, "findings_by_deadline")).containsExactly("tenant_id", "sla_deadline",
                "sort_key", "id");
    }

    /** The columns of a {@code findings} index, in order, lower-cased, as the driver's metadata lists them. */
    private static List<String> indexColumns(Database database, String index) {
        return database.read(c -> {
            List<String> columns = new ArrayList<>();
            String table = database.dialect() == Dialect.HSQLDB ? "FINDINGS" : "findings";
            try (var rows = c.getMetaData().getIndexInfo(null, null, table, false, false)) {
                while (rows.next()) {
                    if (index.equalsIgnoreCase(rows.getString("INDEX_NAME"))) {
                        columns.add(rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                    }
                }
            }
            return columns;
        });
    }

    private static String path(Database database, UUID id) {
        return database.read(c -> Sql.one(c, "SELECT path FROM findings WHERE id = ?", row -> row.getString("path"),
                id).orElseThrow());
    }

    private static void migrate(JavaMigration migration, Connection c)
            throws SQLException {
        try {
            migration.migrate(new Context() {
                @Override
                public Configuration getConfiguration() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public Connection getConnection() {
                    return c;
                }
            });
        } catch (SQLException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Each query's rows as sorted text, the tenants' rows only. */
    private static List<List<String>> rows(Database database, List<String> queries) {
        return database.inTransaction(c -> {
            List<List<String>> tables = new ArrayList<>();
            for (String sql : queries) {
                tables.add(Sql.list(c, sql + " WHERE tenant_id IN (?, ?)", row -> {
                    StringBuilder text = new StringBuilder();
                    for (int i = 1; i <= row.getMetaData().getColumnCount(); i++) {
                        text.append(row.getObject(i)).append('|');
                    }
                    return text.toString();
                }, tenant.id(), neighbour.id()).stream().sorted().toList());
            }
            return tables;
        });
    }
}
