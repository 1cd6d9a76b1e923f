package dev.vigil.server.api;

import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStats;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.Page;
import dev.vigil.server.access.Caller;
import dev.vigil.server.export.FindingExport;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.http.Paging;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingQuery;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.store.StatsRepository;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Reading findings: keyset pages bound to their filters, one finding, its history, stats, and export. */
public final class FindingReads {

    public static final int MAX_EXPORT_ROWS = 10_000;
    /** Rows an export reads with one connection before it writes them. */
    private static final int EXPORT_PAGE_ROWS = 500;

    private final Database database;
    private final FindingRepository findings;
    private final HistoryRepository history;
    private final StatsRepository stats;
    private final FindingDetails details;
    private final Clock clock;

    public FindingReads(Database database, FindingRepository findings, HistoryRepository history,
                        StatsRepository stats, FindingDetails details, Clock clock) {
        this.database = database;
        this.findings = findings;
        this.history = history;
        this.stats = stats;
        this.details = details;
        this.clock = clock;
    }

    public Page<Finding> page(Caller caller, FindingFilter filter, FindingSort sort, int limit,
                              Optional<String> cursor) {
        String filters = FindingQuery.canonical(filter, sort);
        FindingQuery query = FindingQuery.of(caller.tenantId(), filter, sort);
        if (cursor.isPresent()) {
            query = query.after(FindingCursors.decode(cursor.get(), filters, sort));
        }
        FindingQuery paged = query;
        List<Finding> rows = database.read(c -> findings.page(c, paged, limit, clock.millis()));
        return Paging.page(rows, limit, filters, f -> FindingCursors.key(paged.keyOf(f)));
    }

    public Finding find(Caller caller, UUID id) {
        return database.read(c -> findings.find(c, caller.tenantId(), id, clock.millis()))
                .orElseThrow(() -> ApiException.notFound("finding"));
    }

    /** One finding with the code around it, its references and CVSS (ADR 0057). */
    public FindingDetail detail(Caller caller, UUID id) {
        return database.read(c -> details.of(c, findings.detail(c, caller.tenantId(), id, clock.millis())
                .orElseThrow(() -> ApiException.notFound("finding"))));
    }

    public Page<HistoryEntry> history(Caller caller, UUID id, int limit, Optional<String> cursor) {
        String filters = "history|" + id;
        Long after = cursor.map(c -> Cursor.number(Cursor.decode(c, filters, 1).getFirst())).orElse(null);
        List<HistoryRepository.Row> rows = database.inTransaction(c -> {
            findings.find(c, caller.tenantId(), id, clock.millis()).orElseThrow(() -> ApiException.notFound("finding"));
            return history.page(c, id, after, limit);
        });
        Page<HistoryRepository.Row> page = Paging.page(rows, limit, filters, r -> new String[]{Long.toString(r.id())});
        return new Page<>(page.data().stream().map(HistoryRepository.Row::entry).toList(), page.hasMore(),
                page.nextCursor());
    }

    public FindingStats stats(Caller caller, Optional<UUID> projectId) {
        return database.inTransaction(c -> stats.stats(c, caller.tenantId(), projectId.orElse(null), clock.millis()));
    }

    /**
     * Streams the export to the response, refusing with 422 when more than 10,000 rows match. Rows are read in
     * keyset pages, each with a connection of its own that returns to the pool before the page is written:
     * a client that reads slowly holds no connection.
     */
    public void export(Caller caller, FindingFilter filter, FindingSort sort, ExportFormat format,
                       ServerResponse response) {
        FindingQuery query = FindingQuery.of(caller.tenantId(), filter, sort);
        if (database.read(c -> findings.countUpTo(c, query, MAX_EXPORT_ROWS + 1)) > MAX_EXPORT_ROWS) {
            throw new ApiException(422, "EXPORT_LIMIT_EXCEEDED", database.read(c -> findings.count(c, query))
                    + " findings match; an export holds at most " + MAX_EXPORT_ROWS + ": narrow it with filters");
        }
        long now = clock.millis();
        response.header(HeaderNames.CONTENT_TYPE, format.contentType());
        response.header(HeaderNames.CONTENT_DISPOSITION, "attachment; filename=\"vigil-findings-"
                + Instant.ofEpochMilli(now).toString().substring(0, 10) + "." + format.wire() + "\"");
        try (OutputStream out = response.outputStream(); FindingExport export = FindingExport.open(format, out)) {
            writePages(query, now, export);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writePages(FindingQuery query, long now, FindingExport export) throws IOException {
        FindingQuery page = query;
        int left = MAX_EXPORT_ROWS;
        while (left > 0) {
            int limit = Math.min(EXPORT_PAGE_ROWS, left);
            FindingQuery current = page;
            List<Finding> rows = database.read(c -> findings.page(c, current, limit, now));
            List<Finding> written = rows.subList(0, Math.min(limit, rows.size()));
            for (Finding finding : written) {
                export.write(finding);
            }
            if (rows.size() <= limit) {
                return;
            }
            left -= limit;
            page = query.after(query.keyOf(written.getLast()));
        }
    }
}
