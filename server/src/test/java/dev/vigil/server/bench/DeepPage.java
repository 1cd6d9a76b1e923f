package dev.vigil.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Json;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingQuery;
import dev.vigil.server.store.Sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.UUID;

/**
 * The cursor of a deep page of the unfiltered findings list (limit 100): found by following
 * {@code next_cursor} page after page; when that walk exceeds its time budget ({@code bench.deep.budget}
 * seconds, default 900), the rest is skipped with the cursor the server would have returned, encoded from
 * the key of the last row before the deep page with the server's own {@link Cursor}.
 */
final class DeepPage {

    static final int LIMIT = 100;
    private static final long BUDGET_NANOS = Integer.getInteger("bench.deep.budget", 900) * 1_000_000_000L;

    private DeepPage() {
    }

    /** The cursor of page {@code pages + 1}; prints the mean time per page of each hundred walked. */
    static String cursor(HttpProbe probe, Database database, UUID tenantId, int pages) {
        String cursor = null;
        long start = System.nanoTime();
        long hundred = 0;
        for (int page = 1; page <= pages; page++) {
            if (System.nanoTime() - start > BUDGET_NANOS) {
                System.out.printf(Locale.ROOT, "  walking the list: budget spent after %d pages; the cursor after "
                        + "row %,d is encoded from that row's key instead%n", page - 1, pages * LIMIT);
                return keyCursor(database, tenantId, pages * LIMIT);
            }
            HttpProbe.Answer answer = probe.get(FindingPaths.list(FindingFilter.none(), LIMIT, cursor));
            hundred += answer.nanos();
            cursor = nextCursor(answer.body());
            if (page % 100 == 0 || page == pages) {
                System.out.printf(Locale.ROOT, "  walking the list: up to page %d, %.1f ms per page lately (limit %d)%n",
                        page, hundred / (double) ((page - 1) % 100 + 1) / 1e6, LIMIT);
                hundred = 0;
            }
        }
        return cursor;
    }

    /** The cursor the list returns after its {@code rows}-th row: that row's sort key, bound to no filter. */
    private static String keyCursor(Database database, UUID tenantId, int rows) {
        String[] key = database.inTransaction(c -> Sql.one(c, """
                SELECT sort_key, id FROM findings WHERE tenant_id = ?
                ORDER BY tenant_id, sort_key, id LIMIT 1 OFFSET ?""", row -> new String[]{
                Long.toString(row.getLong(1)), Sql.uuid(row, "id").toString()}, tenantId, rows - 1)).orElseThrow();
        return Cursor.encode(FindingQuery.canonical(FindingFilter.none()), key);
    }

    /** The {@code next_cursor} of a page's body; an error of the benchmark when the list ends there. */
    static String nextCursor(byte[] page) {
        try {
            JsonNode next = Json.mapper().readTree(page).get("next_cursor");
            if (next == null || next.isNull()) {
                throw new IllegalStateException("the list ended before the page asked for");
            }
            return next.asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
