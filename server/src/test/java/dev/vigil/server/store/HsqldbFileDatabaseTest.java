package dev.vigil.server.store;

import db.migration.V12__Map_the_data_file;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HSQLDB file database keeps its small tables and the findings' counts in memory, and the tables that grow
 * with findings on disk, in a data file it reads through a memory map, with a row cache sized to the file; its
 * large objects (the archives, gzip already) are stored uncompressed.
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

    @Test
    void theRowCacheIsTheDataFileRoundedUpToAPowerOfTwoFrom64MegabytesToAFifthOfTheHeap() {
        long mib = 1L << 20;
        long gib = 1L << 30;

        assertThat(HsqldbRowCache.of(0, 4 * gib)).isEqualTo(new HsqldbRowCache(65_536, 131_072));
        assertThat(HsqldbRowCache.of(64 * mib, 4 * gib)).isEqualTo(new HsqldbRowCache(65_536, 131_072));
        assertThat(HsqldbRowCache.of(250_000_000, 4 * gib)).isEqualTo(new HsqldbRowCache(262_144, 524_288));
        // a million findings: 2.4 GB, rounded up to 4 GiB, and a fifth of a heap of 4 GiB is less
        assertThat(HsqldbRowCache.of(2_516_582_400L, 4 * gib)).isEqualTo(new HsqldbRowCache(838_860, 1_677_721));
        assertThat(HsqldbRowCache.of(2_516_582_400L, 64 * gib)).isEqualTo(new HsqldbRowCache(4_194_304, 8_388_608));
        // HSQLDB's bounds
        assertThat(HsqldbRowCache.of(0, 100 * 1024)).isEqualTo(new HsqldbRowCache(100, 100));
        assertThat(HsqldbRowCache.of(64 * gib, 1024 * gib)).isEqualTo(new HsqldbRowCache(16_777_216, 16_777_216));
    }

    @Test
    void theRowCacheOfAFileUrlIsSizedToItsDataFile() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(dataDir.resolve("grown.data").toFile(), "rw")) {
            file.setLength(100_000_000);   // sparse: no bytes written
        }

        assertThat(HsqldbRowCache.forUrl("jdbc:hsqldb:file:" + dataDir.resolve("grown") + ";shutdown=true"))
                .isEqualTo(new HsqldbRowCache(131_072, 262_144));
        assertThat(HsqldbRowCache.forUrl("jdbc:hsqldb:file:" + dataDir.resolve("new")))
                .isEqualTo(new HsqldbRowCache(65_536, 131_072));
    }

    @Test
    void aDatabaseCreatedWithAnotherRowCacheIsGivenItsOwnAtItsStartAndKeepsIt() throws SQLException {
        // the URL of Vigil's data directory until 2026-11-24, with its fixed cache of 256 MB and 200,000 rows
        String url = "jdbc:hsqldb:file:" + dataDir.resolve("vigil") + ";hsqldb.tx=mvcc;hsqldb.write_delay=false"
                + ";hsqldb.default_table_type=cached;hsqldb.cache_rows=200000;hsqldb.cache_size=262144;shutdown=true";
        HsqldbRowCache sized = new HsqldbRowCache(65_536, 131_072);   // its data file is far under 64 MiB
        try (Connection created = DriverManager.getConnection(url, "SA", "")) {
            assertThat(property(created, "hsqldb.cache_size")).isEqualTo("262144");
            assertThat(property(created, "hsqldb.cache_rows")).isEqualTo("200000");
        }

        try (Database database = Database.open(url, Optional.empty(), "", 2)) {
            assertThat(database.read(HsqldbRowCache::opened)).contains(sized);
            long tenants = database.read(c -> Sql.count(c, "SELECT COUNT(*) FROM tenants"));
            assertThat(tenants).isZero();
        }
        try (Connection reopened = DriverManager.getConnection(url, "SA", "")) {
            assertThat(HsqldbRowCache.opened(reopened)).contains(sized);
        }
    }

    @Test
    void aDatabaseCreatedAtTheDataDirectorysUrlHasItsRowCacheFromItsFirstStart() throws SQLException {
        try (Connection created = DriverManager.getConnection(Dialect.hsqldbFileUrl(dataDir), "SA", "");
             Statement statement = created.createStatement()) {
            statement.execute("CREATE CACHED TABLE first (id INT PRIMARY KEY)");
            statement.execute("INSERT INTO first VALUES 1");

            assertThat(HsqldbRowCache.opened(created)).contains(new HsqldbRowCache(65_536, 131_072));
        }
    }

    @Test
    void storesUploadedArchivesAsTheyComeWithoutDeflatingThemAgain() {
        try (Database database = Database.open(Dialect.hsqldbFileUrl(dataDir), Optional.empty(), "", 2)) {
            String compressed = database.read(c -> property(c, "hsqldb.lob_compressed"));
            assertThat(compressed).isEqualTo("false");
        }
    }

    private static String mappedMegabytes(Connection c) throws SQLException {
        return property(c, "hsqldb.nio_max_size");
    }

    /** A setting kept in the database (HSQLDB applies it when it next opens the database). */
    private static String property(Connection c, String name) throws SQLException {
        return Sql.list(c, "SELECT property_value FROM information_schema.system_properties WHERE property_name = ?",
                row -> row.getString(1), name).getFirst();
    }
}
