package dev.vigil.server.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/** The two databases Vigil runs on, and what differs between them. */
public enum Dialect {
    HSQLDB("CLOB", "BLOB", "VARCHAR(64)"),
    // the term index seeks prefixes as ranges, which needs code-point order whatever the database's locale
    POSTGRESQL("TEXT", "BYTEA", "VARCHAR(64) COLLATE \"C\"");

    private final String textType;
    private final String blobType;
    private final String termType;

    Dialect(String textType, String blobType, String termType) {
        this.textType = textType;
        this.blobType = blobType;
        this.termType = termType;
    }

    /** The column type of a search term: ordered by code point. */
    public String termType() {
        return termType;
    }

    public String textType() {
        return textType;
    }

    public String blobType() {
        return blobType;
    }

    /** {@code column} is one of the strings of an array parameter, written so that each is an index seek. */
    public String inArray(String column) {
        return this == HSQLDB ? column + " IN (UNNEST(?))" : column + " = ANY (?)";
    }

    /**
     * A parameter whose value the planner does not look at. PostgreSQL plans a prepared statement again for
     * each call for as long as plans made for the calls' values look cheaper than its one generic plan; for a
     * search, the known postings of a common word made them look so, and planning took longer than running.
     * Inside a sub-select the value is unknown to both plans, so they cost the same and the generic one is kept.
     */
    public String unplannedParameter() {
        return this == POSTGRESQL ? "(SELECT CAST(? AS VARCHAR))" : "?";
    }

    /**
     * Whether a correlated EXISTS in a query walked along an index in order, with a LIMIT, is tested row by row as
     * the walk goes and stops with it (PostgreSQL's semi-join), rather than for every row before the order. On
     * HSQLDB the project names' read with such a test took 368–378 ms p95 a page at 2,500 projects, and 35–56 ms
     * with USING INDEX, against 4–45 ms for a statement per project (ADR 0068).
     */
    public boolean testsExistsAlongAWalk() {
        return this == POSTGRESQL;
    }

    /**
     * {@code LIMIT limit}, and on HSQLDB the order to follow the index that serves the {@code ORDER BY}: without
     * it HSQLDB takes the first index its equality conditions match, such as the tenant's foreign key, and
     * walks every row it holds. The limit is a literal, not a parameter: PostgreSQL plans a prepared statement
     * once (its generic plan) only if that plan costs about what a plan for the actual values does, and it costs
     * an unknown LIMIT as a tenth of the table; with {@code LIMIT ?} every list was planned again, 1 ms each at
     * load.
     */
    public String limitUsingIndex(long limit) {
        return " LIMIT " + limit + (this == HSQLDB ? " USING INDEX" : "");
    }

    /** The dialect of the database {@code c} is connected to. */
    public static Dialect of(Connection c) throws SQLException {
        return of(c.getMetaData().getURL());
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
     * disk with a bounded cache, {@link HsqldbRowCache}, its size given here to a database HSQLDB creates) so
     * that a million findings do not have to fit in the heap. Large objects are stored as they come: the
     * archives are gzip already, and deflating them again cost most of a submission's time (record 0062).
     */
    public static String hsqldbFileUrl(Path dataDir) {
        String url = "jdbc:hsqldb:file:" + dataDir.resolve("db").resolve("vigil").toAbsolutePath();
        return url + ";hsqldb.tx=mvcc;hsqldb.write_delay=false;hsqldb.lob_compressed=false"
                + ";hsqldb.default_table_type=cached" + HsqldbRowCache.forUrl(url).urlProperties() + ";shutdown=true";
    }
}
