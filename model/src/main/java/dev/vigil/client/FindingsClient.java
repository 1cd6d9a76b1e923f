package dev.vigil.client;

import com.fasterxml.jackson.databind.JavaType;
import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingTrend;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.Page;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

import static dev.vigil.client.Transport.pageOf;
import static dev.vigil.client.Transport.type;

/**
 * The reads of {@code /v1/repo-vulnerabilities}: pages, export, stats, trend, one finding, its detail and its
 * history. Reached through {@link VigilClient#findings()}, with the same key, errors and thread safety; the
 * triage actions stay on {@link VigilClient}.
 */
public final class FindingsClient {

    private static final int LARGEST_PAGE = 100;
    private static final JavaType FINDING_PAGE = pageOf(Finding.class);

    private final Transport transport;

    FindingsClient(Transport transport) {
        this.transport = transport;
    }

    public Page<Finding> list(FindingFilter filter, Integer limit, String cursor) {
        return list(filter, FindingSort.DEFAULT, limit, cursor);
    }

    /** A page in the order of {@code sort}; a cursor must come from a page of the same filter and sort. */
    public Page<Finding> list(FindingFilter filter, FindingSort sort, Integer limit, String cursor) {
        return transport.get(QueryString.of(filter, sort).page(limit, cursor).appendTo("/v1/repo-vulnerabilities"),
                FINDING_PAGE);
    }

    /** Every finding that matches, fetched lazily a page of 100 at a time by following {@code next_cursor}. */
    public Stream<Finding> all(FindingFilter filter) {
        return CursorPages.stream(cursor -> list(filter, LARGEST_PAGE, cursor));
    }

    /** Copies the export to {@code out} as it arrives; {@code out} is left open. */
    public void export(FindingFilter filter, ExportFormat format, OutputStream out) {
        try (InputStream in = export(filter, format)) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("the export was cut off", e);
        }
    }

    /** The export as a stream, open once the server has accepted the request; the caller closes it. */
    public InputStream export(FindingFilter filter, ExportFormat format) {
        return export(filter, FindingSort.DEFAULT, format);
    }

    /** The export in the order of {@code sort}, open once the server has accepted the request. */
    public InputStream export(FindingFilter filter, FindingSort sort, ExportFormat format) {
        String path = QueryString.of(filter, sort).add("format", format).appendTo("/v1/repo-vulnerabilities/export");
        String accept = format == ExportFormat.CSV ? "text/csv, application/json" : "application/json";
        return transport.stream(Exchange.get(path).withHeader("Accept", accept));
    }

    public FindingStats stats(Optional<UUID> projectId) {
        String path = new QueryString().add("project_id", projectId).appendTo("/v1/repo-vulnerabilities/stats");
        return transport.get(path, type(FindingStats.class));
    }

    /** Open findings per day over the last {@code days} days (1 to 365), of one project or the whole tenant. */
    public FindingTrend trend(Optional<UUID> projectId, int days) {
        String path = new QueryString().add("project_id", projectId).add("days", Optional.of(days))
                .appendTo("/v1/repo-vulnerabilities/trend");
        return transport.get(path, type(FindingTrend.class));
    }

    public Finding get(UUID findingId) {
        return transport.get("/v1/repo-vulnerabilities/" + findingId, type(Finding.class));
    }

    /** One finding with its context: the code around it, references, CVSS, dependency path and remediation. */
    public FindingDetail detail(UUID findingId) {
        return transport.get("/v1/repo-vulnerabilities/" + findingId, type(FindingDetail.class));
    }

    public Page<HistoryEntry> history(UUID findingId, Integer limit, String cursor) {
        String path = new QueryString().page(limit, cursor)
                .appendTo("/v1/repo-vulnerabilities/" + findingId + "/history");
        return transport.get(path, pageOf(HistoryEntry.class));
    }
}
