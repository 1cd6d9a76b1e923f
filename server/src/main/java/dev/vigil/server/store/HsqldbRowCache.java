package dev.vigil.server.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * HSQLDB's cache of the rows of cached tables, sized to the database and the heap: the data file's size
 * rounded up to a power of two, at least 64 MiB and at most a fifth of the largest heap, for the rows (counted
 * at their size in the data file), and one row for every 512 bytes of that. In the heap a row takes about 2.4
 * times its size in the file (docs/BENCHMARKS.md), so a full cache of a fifth of the heap takes about half of
 * it. HSQLDB allocates the cache's tables for its whole count of rows when it opens the database (200 ms more
 * to open one with 2.5 million rows than with 200,000), which a small database should not pay for.
 *
 * <p>Every cached row an index walk visits, and so every node of HSQLDB's AVL indexes, is looked up in this
 * cache; a row missing is read from the data file under the cache's one lock, and a full cache frees half of
 * itself under that lock. HSQLDB fixes the cache's size when it opens a database and keeps the setting in it,
 * so that {@link #differs} tells whether an open database has this size, and {@link #set} keeps it for the
 * next start: a database is given a larger cache at the first start after its data file has grown past a power
 * of two.
 */
record HsqldbRowCache(int kilobytes, int rows) {

    /** What a row takes in the file, at the least, for the count of rows (a finding takes about 580 bytes). */
    private static final int BYTES_PER_ROW = 512;
    /** HSQLDB's bounds for both settings (it takes the nearest bound for a value outside them). */
    private static final long LEAST = 100;
    private static final long MOST = 16 * 1024 * 1024;
    private static final long SMALLEST_BYTES = 64L << 20;
    private static final String FILE_URL = "jdbc:hsqldb:file:";

    /** For a data file of {@code dataFileBytes} (0 for one not yet created) in a heap of {@code maxHeapBytes}. */
    static HsqldbRowCache of(long dataFileBytes, long maxHeapBytes) {
        long file = dataFileBytes <= SMALLEST_BYTES ? SMALLEST_BYTES : Long.highestOneBit(dataFileBytes - 1) << 1;
        long bytes = Math.min(maxHeapBytes / 5, file);
        return new HsqldbRowCache(withinBounds(bytes >> 10), withinBounds(bytes / BYTES_PER_ROW));
    }

    /** For the database of an HSQLDB file URL ({@code jdbc:hsqldb:file:PATH;…}), in this JVM's heap. */
    static HsqldbRowCache forUrl(String jdbcUrl) {
        if (!jdbcUrl.startsWith(FILE_URL)) {
            throw new IllegalArgumentException("not an HSQLDB file database: " + jdbcUrl);
        }
        String path = jdbcUrl.substring(FILE_URL.length()).split(";", 2)[0];
        Path dataFile = Path.of(path + ".data");
        long bytes;
        try {
            bytes = Files.isRegularFile(dataFile) ? Files.size(dataFile) : 0;
        } catch (IOException e) {
            bytes = 0;
        }
        return of(bytes, Runtime.getRuntime().maxMemory());
    }

    private static int withinBounds(long value) {
        return (int) Math.clamp(value, LEAST, MOST);
    }

    /** The URL properties that give a database HSQLDB creates this cache. */
    String urlProperties() {
        return ";hsqldb.cache_size=" + kilobytes + ";hsqldb.cache_rows=" + rows;
    }

    /**
     * The size of the cache of the database open on {@code c}, as HSQLDB opened it; none for a database
     * without a data file (in memory).
     */
    static Optional<HsqldbRowCache> opened(Connection c) throws SQLException {
        return Sql.list(c, """
                SELECT max_cache_bytes, max_cache_count FROM information_schema.system_cacheinfo
                WHERE cache_file LIKE '%.data'""", row -> new HsqldbRowCache((int) (row.getLong(1) >> 10),
                row.getInt(2))).stream().findFirst();
    }

    /** Whether the cache of the database open on {@code c} has another size than this one. */
    boolean differs(Connection c) throws SQLException {
        return opened(c).filter(opened -> !opened.equals(this)).isPresent();
    }

    /** Keeps this size in the database, for HSQLDB to take when it next opens it. */
    void set(Connection c) throws SQLException {
        try (Statement statement = c.createStatement()) {
            statement.execute("SET FILES CACHE SIZE " + kilobytes);
            statement.execute("SET FILES CACHE ROWS " + rows);
        }
    }
}
