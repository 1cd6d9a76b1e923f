package dev.vigil.server.api;

import dev.vigil.model.Plan;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Caller;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.http.RateLimit;
import dev.vigil.server.scan.Fingerprints;
import dev.vigil.server.scan.ScanQueue;
import dev.vigil.server.store.ArchiveRepository;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import io.helidon.http.media.multipart.MultiPart;
import io.helidon.http.media.multipart.ReadablePart;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Semaphore;

/**
 * Accepts a scan: the archive is streamed into the database under the cap inside one transaction with the
 * scan record, which commits only once every field is valid, the rate limit allows it and the
 * Idempotency-Key is new. A refused submission leaves nothing behind.
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
    private final Semaphore uploads;

    public ScanSubmissions(Database database, ArchiveRepository archives, ScanRepository scans,
                           ProjectRepository projects, RateLimit rateLimit, Idempotency idempotency, ScanQueue queue,
                           Clock clock, int concurrentUploads) {
        this.database = database;
        this.uploads = new Semaphore(concurrentUploads, true);
        this.archives = archives;
        this.scans = scans;
        this.projects = projects;
        this.rateLimit = rateLimit;
        this.idempotency = idempotency;
        this.queue = queue;
        this.clock = clock;
    }

    /**
     * At most {@code concurrentUploads} submissions hold a database connection at once on this node: uploads
     * of one tenant queue on its rate-limit lock and HSQLDB serialises large-object writes, so without a bound
     * a burst of uploads would hold every pooled connection and starve the reads.
     */
    public Submitted submit(Caller caller, MultiPart parts, Optional<UUID> key) {
        rateLimit.precheck(caller.tenantId());
        UUID scanId = UUID.randomUUID();
        Idempotency.Claim claim = new Idempotency.Claim(caller.tenantId(), ROUTE, key);
        try {
            uploads.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "UNAVAILABLE", "the server is shutting down");
        }
        Submitted submitted;
        try {
            submitted = database.inTransaction(c -> submit(c, caller, parts, scanId, claim));
        } finally {
            uploads.release();
        }
        if (submitted.usage().isPresent()) {
            queue.wake();
        }
        return submitted;
    }

    /** One transaction: archive, key, rate-limit count, scan and the stored response commit together. */
    private Submitted submit(Connection c, Caller caller, MultiPart parts, UUID scanId,
                             Idempotency.Claim claim) throws SQLException {
        SubmissionForm form = new SubmissionForm();
        UploadStream upload = readParts(c, parts, scanId, form);
        SubmissionForm.Fields fields = form.validate();
        checkProjectAndPlan(c, caller, fields);
        archives.describe(c, scanId, upload.count(), upload.sha256());
        Optional<Idempotency.Outcome> replay = idempotency.claimWithin(c, claim, requestHash(fields, upload));
        if (replay.isPresent()) {
            return new Submitted(replay.get(), Optional.empty());
        }
        RateLimit.Usage usage = rateLimit.reserve(c, caller.tenantId());
        Scan scan = insertScan(c, caller, scanId, fields);
        Idempotency.Outcome created = new Idempotency.Outcome(201, JsonIo.text(scan), false);
        idempotency.completeWithin(c, claim, created);
        return new Submitted(created, Optional.of(usage));
    }

    private UploadStream readParts(Connection c, MultiPart parts, UUID scanId, SubmissionForm form)
            throws SQLException {
        UploadStream upload = null;
        while (parts.hasNext()) {
            ReadablePart part = form.count(parts.next());
            if (part.name().equals("files") && upload == null) {
                upload = storeArchive(c, part, scanId);
            } else if (part.name().equals("files")) {
                part.consume();
                form.problem("files", "send exactly one archive");
            } else {
                form.put(part.name(), readField(part, form.fieldBytesLeft()));
            }
        }
        if (upload == null) {
            form.problem("files", "is required: a .tar.gz archive of the code");
            form.validate();
        }
        return upload;
    }

    private UploadStream storeArchive(Connection c, ReadablePart part, UUID scanId) throws SQLException {
        UploadStream upload = new UploadStream(part.inputStream(), MAX_ARCHIVE_BYTES);
        InputStream checked = new BufferedInputStream(upload, 1 << 16);
        try {
            checked.mark(2);
            int first = checked.read();
            int second = checked.read();
            if (first != 0x1f || second != 0x8b) {
                throw ApiException.validation("files", first < 0 ? "is empty" : "is not gzip data: send a .tar.gz archive");
            }
            checked.reset();
            archives.insert(c, scanId, checked);
        } catch (IOException | SQLException e) {
            if (upload.exceeded()) {
                throw ApiException.payloadTooLarge("the archive exceeds the limit of 50 MiB");
            }
            if (e instanceof SQLException sql) {
                throw sql;
            }
            throw new UncheckedIOException((IOException) e);
        }
        return upload;
    }

    private static byte[] readField(ReadablePart part, int bytesLeft) {
        try (InputStream in = part.inputStream()) {
            byte[] bytes = in.readNBytes(bytesLeft + 1);
            if (bytes.length > bytesLeft) {
                throw ApiException.validation(part.name(), "makes the text fields longer than "
                        + SubmissionForm.MAX_FIELDS_BYTES / 1024 + " KiB together");
            }
            return bytes;
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
        ScanRow row = new ScanRow(scanId, caller.tenantId(), fields.projectId(), null, fields.branch(),
                fields.commitHash(), fields.scanType(), ScanStatus.PENDING, fields.prId().orElse(null), changed, now,
                null, null, 0, ScanRow.Counts.NONE, false, null, comment);
        scans.insert(c, row);
        return new Scan(scanId, ScanStatus.PENDING, fields.projectId(), fields.branch(), fields.commitHash(),
                fields.scanType(), java.time.Instant.ofEpochMilli(now));
    }

    private static String requestHash(SubmissionForm.Fields fields, UploadStream upload) {
        return Fingerprints.sha256Hex(JsonIo.text(fields) + "\n" + upload.sha256());
    }
}
