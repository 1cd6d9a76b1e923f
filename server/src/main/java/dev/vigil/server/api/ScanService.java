package dev.vigil.server.api;

import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.Paging;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.PrCommentRepository;
import dev.vigil.server.store.ScanPolicyRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.http.media.multipart.MultiPart;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** {@code /v1/scans}: submit a scan, list the pull-request scans (or all), read one with its SARIF. */
public final class ScanService implements HttpService {

    private static final long MULTIPART_OVERHEAD = 1 << 20;

    private final Database database;
    private final ScanRepository scans;
    private final ScanSubmissions submissions;
    private final PrCommentRepository prComments;
    private final ScanPolicyRepository scanPolicies = new ScanPolicyRepository();

    public ScanService(Database database, ScanRepository scans, ScanSubmissions submissions,
                       PrCommentRepository prComments) {
        this.database = database;
        this.scans = scans;
        this.submissions = submissions;
        this.prComments = prComments;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/", this::submitScan)
                .get("/", this::listScans)
                .get("/{id}", this::getScan)
                .get("/{id}/sarif", this::getSarif)
                .get("/{id}/sbom", this::getBillOfMaterials);
    }

    private void submitScan(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        requireMultipart(request);
        Optional<UUID> key = Idempotency.key(request);
        var submitted = submissions.submit(caller, request.content().as(MultiPart.class), key);
        submitted.usage().ifPresent(usage -> usage.applyTo(response));
        JsonIo.send(response, submitted.outcome());
    }

    private static void requireMultipart(ServerRequest request) {
        String type = request.headers().contentType().map(t -> t.mediaType().text()).orElse("");
        if (!type.equals("multipart/form-data")) {
            throw new ApiException(415, "UNSUPPORTED_MEDIA_TYPE", "a scan is submitted as multipart/form-data");
        }
        if (request.headers().contentType().flatMap(t -> Optional.ofNullable(t.parameters().get("boundary")))
                .filter(b -> !b.isBlank()).isEmpty()) {
            throw ApiException.validation("Content-Type", "multipart/form-data needs its boundary parameter");
        }
        request.headers().contentLength().ifPresent(length -> {
            if (length > ScanSubmissions.MAX_ARCHIVE_BYTES + MULTIPART_OVERHEAD) {
                throw ApiException.payloadTooLarge("the archive exceeds the limit of 50 MiB");
            }
        });
    }

    private void listScans(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        QueryReader query = new QueryReader(request.query());
        int limit = query.limit();
        UUID project = query.uuid("project_id").orElse(null);
        boolean all = query.text("include").map(v -> {
            if (!v.equals("all")) {
                throw ApiException.validation("include", "must be 'all'");
            }
            return true;
        }).orElse(false);
        String filters = "scans|" + project + "|" + all;
        List<String> after = query.cursor().map(c -> Cursor.decode(c, filters, 2)).orElse(null);
        List<ScanRow> rows = database.read(c -> scans.page(c, caller.tenantId(), project, all,
                after == null ? null : Cursor.number(after.get(0)), after == null ? null : Cursor.uuid(after.get(1)),
                limit));
        JsonIo.ok(response, Paging.page(rows.stream().map(ScanViews::listItem).toList(), limit, filters,
                s -> new String[]{Long.toString(s.createdAt().toEpochMilli()), s.id().toString()}));
    }

    private void getScan(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        UUID id = PathIds.id(request, "scan");
        var detail = database.inTransaction(c -> {
            ScanRow row = scans.find(c, caller.tenantId(), id).orElseThrow(() -> ApiException.notFound("scan"));
            return ScanViews.detail(row, scans.sarif(c, caller.tenantId(), id).orElse(null), prComments.find(c, id),
                    scanPolicies.find(c, id).orElse(null));
        });
        JsonIo.ok(response, detail);
    }

    private void getSarif(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        UUID id = PathIds.id(request, "scan");
        String sarif = database.inTransaction(c -> {
            scans.find(c, caller.tenantId(), id).orElseThrow(() -> ApiException.notFound("scan"));
            return scans.sarif(c, caller.tenantId(), id);
        }).orElseThrow(() -> new ApiException(404, "NOT_FOUND", "the scan has no SARIF log until it completes"));
        response.status(Status.OK_200);
        response.header(HeaderNames.CONTENT_TYPE, "application/sarif+json");
        response.send(sarif.getBytes(StandardCharsets.UTF_8));
    }

    private void getBillOfMaterials(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        UUID id = PathIds.id(request, "scan");
        String sbom = database.inTransaction(c -> {
            scans.find(c, caller.tenantId(), id).orElseThrow(() -> ApiException.notFound("scan"));
            return scans.billOfMaterials(c, caller.tenantId(), id);
        }).orElseThrow(() -> new ApiException(404, "NOT_FOUND",
                "the scan has no bill of materials: it is not completed or did not run the sca engine"));
        response.status(Status.OK_200);
        response.header(HeaderNames.CONTENT_TYPE, "application/vnd.cyclonedx+json");
        response.send(sbom.getBytes(StandardCharsets.UTF_8));
    }
}
