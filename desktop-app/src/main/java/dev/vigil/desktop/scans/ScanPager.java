package dev.vigil.desktop.scans;

import dev.vigil.client.ScanQuery;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Page;
import dev.vigil.model.ScanListItem;

import java.util.ArrayList;
import java.util.List;

/** Reads scan pages from the server's cursor, in the server's order, until enough rows have come. */
final class ScanPager {

    static final int PAGE = 100;

    private ScanPager() {
    }

    /** Rows to show and the cursor to continue from (null at the end). */
    record Batch(List<ScanListItem> rows, String cursor) {

        boolean hasMore() {
            return cursor != null;
        }
    }

    /** One page from {@code cursor} (the first page when null), and more until {@code wanted} rows have come. */
    static Batch read(VigilClient client, ScanQuery query, String cursor, int wanted) {
        ScanQuery paged = query.withLimit(PAGE);
        List<ScanListItem> rows = new ArrayList<>();
        String next = cursor;
        do {
            Page<ScanListItem> page = client.listScans(next == null ? paged : paged.withCursor(next));
            rows.addAll(page.data());
            next = page.hasMore() ? page.nextCursor() : null;
        } while (next != null && rows.size() < wanted);
        return new Batch(rows, next);
    }
}
