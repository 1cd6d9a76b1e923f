package dev.vigil.desktop.findings;

import dev.vigil.client.VigilClient;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.Page;

import java.util.ArrayList;
import java.util.List;

/**
 * Fetches the next rows of a findings list from the server's cursor. With {@code slaBreachedOnly} it keeps
 * the rows the server marks breached and reads on, a bounded number of pages per call, until it has a page.
 */
final class FindingPager {

    static final int PAGE = 100;
    private static final int MAX_PAGES_PER_CALL = 20;

    private FindingPager() {
    }

    /** Rows to append, the cursor to continue from (null at the end), and how many rows the server sent. */
    record Batch(List<Finding> rows, String cursor, boolean hasMore, int scanned) {
    }

    static Batch next(VigilClient client, FindingFilter filter, FindingSort sort, String cursor,
                      boolean slaBreachedOnly) {
        List<Finding> rows = new ArrayList<>();
        String next = cursor;
        boolean more;
        int scanned = 0;
        int pages = 0;
        do {
            Page<Finding> page = client.findings().list(filter, sort, PAGE, next);
            scanned += page.data().size();
            for (Finding finding : page.data()) {
                if (!slaBreachedOnly || finding.slaBreached()) {
                    rows.add(finding);
                }
            }
            next = page.nextCursor();
            more = page.hasMore() && next != null;
            pages++;
        } while (slaBreachedOnly && more && rows.size() < PAGE && pages < MAX_PAGES_PER_CALL);
        return new Batch(rows, more ? next : null, more, scanned);
    }
}
