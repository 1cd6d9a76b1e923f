package dev.vigil.server.api;

import dev.vigil.model.Plan;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.RateLimit;
import dev.vigil.server.http.UploadSettings;
import dev.vigil.server.pipeline.ScanMetrics;
import dev.vigil.server.pipeline.ScanQueue;
import dev.vigil.server.pipeline.ScanStage;
import dev.vigil.server.scan.Fingerprints;
import dev.vigil.server.store.ArchiveRepository;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import io.helidon.http.media.multipart.MultiPart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Accepts a scan. The form is received first, with no database connection and no permit: its text fields in
 * memory (bounded), the archive into a temporary file under the cap ({@link UploadSpool}). Then, with one of
 * the node's upload permits, one short transaction stores the archive and the scan record; it commits only if
 * every field is valid, the rate limit allows it and the Idempotency-Key is new. A refused submission leaves
 * nothing behind, and the temporary file is deleted whatever happens.
 */
public final class ScanSubmissions {

    public static final long MAX_ARCHIVE_BYTES = 50L * 1024 * 1024;
    static final String ROUTE = "POST /v1/scans";

    /** What the handler sends: the response and the rate-limit headers (absent on a replay). */
    public record Submitted(Idempotency.Outcome outcome, Optional<RateLimit.Usage> usage) {
    }

    private final Database database;
    private final ArchiveRepository archives;
    private final ScanRepository scans;
    private final ProjectRepository projects;
    private final RateLimit rateLimit;
    private final Idempotency idempotency;
    private final ScanQueue queue;
    private final Clock clock;
    private final SubmissionReader reader;
    private final UploadPermits permits;
    private final ReceivingSlots receiving;
    private final ScanMetrics metrics;

    public ScanSubmissions(Database database, ArchiveRepository archives, ScanRepository scans,
                           ProjectRepository projects, RateLimit rateLimit, Idempotency idempotency, ScanQueue queue,
                           Clock clock, Path spoolDirectory, UploadPermits permits, UploadSettings uploads,
                           ScanMetrics metrics) {
        this.database = database;
        this.archives = archives;
        this.scans = scans;
        this.projects = projects;
        this.rateLimit = rateLimit;
        this.idempotency = idempotency;
        this.queue = queue;
        this.clock = clock;
        this.reader = new SubmissionReader(spoolDirectory);
        this.permits = permits;
        this.receiving = new ReceivingSlots(uploads.receiving(), uploads.receivingPerTenant());
        this.metrics = metrics;
    }

    public Submitted submit(Caller caller, MultiPart parts, Optional<UUID> key) {
        UUID scanId = UUID.randomUUID();
        Idempotency.Claim claim = new Idempotency.Claim(caller.tenantId(), ROUTE, key);
        if (!idempotency.used(claim)) {
            // a replay is answered whatever the count (specification 8); reserve() checks the others exactly
            rateLimit.precheck(caller.tenantId());
        }
        long start = System.nanoTime();
        try (ReceivingSlots.Slot slot = receiving.take(caller.tenantId());
             SubmissionReader.Received received = reader.read(parts)) {
            long receivedAt = System.nanoTime();
            Submitted submitted = permits.holding(() -> database.inTransaction(c -> store(c, caller, received,
                    scanId, claim)));
            if (submitted.usage().isPresent()) {
                queue.wake();
                metrics.stageTook(ScanStage.RECEIVED, (receivedAt - start) / 1e9);
                metrics.stageTook(ScanStage.STORED, (System.nanoTime() - receivedAt) / 1e9);
            }
            return submitted;
        }
    }

    /** One transaction: archive, key, rate-limit count, scan and the stored response commit together. */
    private Submitted store(Connection c, Caller caller, SubmissionReader.Received received, UUID scanId,
                            Idempotency.Claim claim) throws SQLException {
        SubmissionForm.Fields fields = received.fields();
        checkProjectAndPlan(c, caller, fields);
        storeArchive(c, scanId, received.archive());
        String hash = requestHash(fields, received.archive());
        Optional<Idempotency.Outcome> replay = idempotency.claimWithin(c, claim, hash);
        if (replay.isPresent()) {
            return new Submitted(replay.get(), Optional.empty());
        }
        RateLimit.Usage usage = rateLimit.reserve(c, caller.tenantId());
        Scan scan = insertScan(c, caller, scanId, fields);
        Idempotency.Outcome created = new Idempotency.Outcome(201, JsonIo.text(scan), false);
        idempotency.completeWithin(c, claim, created);
        return new Submitted(created, Optional.of(usage));
    }

    private void storeArchive(Connection c, UUID scanId, UploadSpool.SpooledArchive archive) throws SQLException {
        try (InputStream in = archive.open()) {
            archives.insert(c, scanId, in, archive.size(), archive.sha256());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void checkProjectAndPlan(Connection c, Caller caller, SubmissionForm.Fields fields) throws SQLException {
        if (projects.find(c, caller.tenantId(), fields.projectId()).isEmpty()) {
            throw ApiException.validation("project_id", "no such project in this tenant");
        }
        Plan plan = caller.plan();
        if (fields.scanType().kinds().stream().anyMatch(kind -> !plan.allows(kind))) {
            throw ApiException.forbidden("the " + plan.wire() + " plan does not include "
                    + ScanKind.IAC.wire() + " scans");
        }
    }

    private Scan insertScan(Connection c, Caller caller, UUID scanId, SubmissionForm.Fields fields) throws SQLException {
        long now = clock.millis();
        String changed = fields.changedFiles().map(JsonIo::text).orElse(null);
        String comment = fields.prId().isEmpty() ? "not_requested"
                : caller.plan().allowsPullRequestComments() ? "not_configured" : "not_in_plan";
        ScanRow row = ScanRow.builder(scanId, caller.tenantId(), fields.projectId())
                .commit(fields.branch(), fields.commitHash())
                .scanType(fields.scanType())
                .pullRequest(fields.prId().orElse(null), changed)
                .createdAt(now)
                .prCommentStatus(comment)
                .build();
        scans.insert(c, row);
        return new Scan(scanId, ScanStatus.PENDING, fields.projectId(), fields.branch(), fields.commitHash(),
                fields.scanType(), Instant.ofEpochMilli(now));
    }

    private static String requestHash(SubmissionForm.Fields fields, UploadSpool.SpooledArchive archive) {
        return Fingerprints.sha256Hex(JsonIo.text(fields) + "\n" + archive.sha256());
    }
}
