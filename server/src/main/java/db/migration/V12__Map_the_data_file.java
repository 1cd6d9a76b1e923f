package db.migration;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.util.List;

/**
 * On HSQLDB, reads and writes the data file through a memory map up to {@link #MAPPED_MEGABYTES} instead of
 * HSQLDB's default of 256 MB. Past that size HSQLDB falls back to a {@code RandomAccessFile}: a seek and a read
 * for every row or index node missing from its row cache, each under the cache's one lock, and a million
 * findings take 2.4 GB. Mapped, a miss is a copy from the page cache. HSQLDB keeps the setting in the database
 * and applies it when it opens the data file: to a database this migration upgrades, from its next start.
 * PostgreSQL: nothing to do.
 */
public class V12__Map_the_data_file extends BaseJavaMigration {

    /** About thirteen million findings at 2.4 GB per million (docs/BENCHMARKS.md, *Growth*). */
    public static final int MAPPED_MEGABYTES = 32_768;

    @Override
    public void migrate(Context context) throws Exception {
        V7__Small_tables_in_memory.onHsqldb(context.getConnection(), List.of("SET FILES NIO SIZE " + MAPPED_MEGABYTES));
    }
}
