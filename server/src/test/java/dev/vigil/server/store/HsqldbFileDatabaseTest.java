package dev.vigil.server.store;

import db.migration.V12__Map_the_data_file;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HSQLDB file database keeps its small tables and the findings' counts in memory, and the tables that grow
 * with findings on disk, in a data file it reads through a memory map.
 */
class HsqldbFileDatabaseTest {

    @TempDir
    Path dataDir;

    @Test
    void theTablesEveryRequestReadsAreInMemoryAndTheFindingsOnDisk() {
        Map<String, String> types;
        try (Database database = Database.open(Dialect.hsqldbFileUrl(dataDir), Optional.empty(), "", 2)) {
            types = database.read(c -> Sql.list(c, """
                            SELECT table_name, hsqldb_type FROM information_schema.system_tables
                            WHERE table_schem = 'PUBLIC'""",
                    row -> List.of(row.getString(1).toLowerCase(Locale.ROOT), row.getString(2)))).stream()
                    .collect(Collectors.toMap(List::getFirst, List::getLast));
        }

        assertThat(types).containsEntry("tenants", "MEMORY").containsEntry("users", "MEMORY")
                .containsEntry("api_keys", "MEMORY").containsEntry("projects", "MEMORY")
                .containsEntry("finding_counts", "MEMORY").containsEntry("finding_deadlines", "MEMORY")
                .containsEntry("finding_arrivals", "MEMORY")
                .containsEntry("findings", "CACHED").containsEntry("finding_terms", "CACHED")
                .containsEntry("finding_history", "CACHED").containsEntry("scans", "CACHED");
    }

    @Test
    void theDataFileMayBeMappedUpTo32GigabytesAlsoInADatabaseCreatedWithHsqldbsDefaultOf256Megabytes() throws SQLException {
        String url = Dialect.hsqldbFileUrl(dataDir);
        String mapped = String.valueOf(V12__Map_the_data_file.MAPPED_MEGABYTES);
        try (Connection created = DriverManager.getConnection(url, "SA", "")) {
            assertThat(mappedMegabytes(created)).isEqualTo("256");
        }

        try (Database database = Database.open(url, Optional.empty(), "", 2)) {
            assertThat(database.read(HsqldbFileDatabaseTest::mappedMegabytes)).isEqualTo(mapped);
        }
        try (Connection reopened = DriverManager.getConnection(url, "SA", "")) {
            assertThat(mappedMegabytes(reopened)).isEqualTo(mapped);
        }
    }

    private static String mappedMegabytes(Connection c) throws SQLException {
        return Sql.list(c, """
                SELECT property_value FROM information_schema.system_properties
                WHERE property_name = 'hsqldb.nio_max_size'""", row -> row.getString(1)).getFirst();
    }
}
