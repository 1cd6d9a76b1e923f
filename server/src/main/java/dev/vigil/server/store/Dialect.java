package dev.vigil.server.store;

/** The two databases Vigil runs on, and what differs between them. */
public enum Dialect {
    HSQLDB("CLOB", "BLOB"),
    POSTGRESQL("TEXT", "BYTEA");

    private final String textType;
    private final String blobType;

    Dialect(String textType, String blobType) {
        this.textType = textType;
        this.blobType = blobType;
    }

    public String textType() {
        return textType;
    }

    public String blobType() {
        return blobType;
    }

    public static Dialect of(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:hsqldb:")) {
            return HSQLDB;
        }
        if (jdbcUrl.startsWith("jdbc:postgresql:")) {
            return POSTGRESQL;
        }
        throw new IllegalArgumentException("unsupported database URL (HSQLDB or PostgreSQL): " + jdbcUrl);
    }

    /**
     * The HSQLDB file database in {@code dataDir}: MVCC, durable at every commit, and cached tables (rows on
     * disk with a bounded cache) so that a million findings do not have to fit in the heap.
     */
    public static String hsqldbFileUrl(java.nio.file.Path dataDir) {
        return "jdbc:hsqldb:file:" + dataDir.resolve("db").resolve("vigil").toAbsolutePath()
                + ";hsqldb.tx=mvcc;hsqldb.write_delay=false;hsqldb.lob_compressed=true"
                + ";hsqldb.default_table_type=cached;hsqldb.cache_rows=200000;hsqldb.cache_size=262144;shutdown=true";
    }
}
