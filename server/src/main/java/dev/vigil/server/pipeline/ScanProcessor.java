package dev.vigil.server.pipeline;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.Json;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.notify.ScanEvents;
import dev.vigil.server.policy.PolicyCollector;
import dev.vigil.server.policy.PolicyProblem;
import dev.vigil.server.policy.RepositoryPolicy;
import dev.vigil.server.policy.RuleCatalogue;
import dev.vigil.server.pr.PrCommentOutbox;
import dev.vigil.server.scan.ArchiveLimits;
import dev.vigil.server.scan.ArchiveReader;
import dev.vigil.server.scan.ArchiveSummary;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Sarif;
import dev.vigil.server.scan.ScanDeadline;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SecretMasking;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.store.ArchiveRepository;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.PolicyFindingRepository;
import dev.vigil.server.store.ScanPolicyRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import dev.vigil.server.store.StoreException;
import dev.vigil.server.triage.FindingMerger;
import dev.vigil.server.work.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs one claimed scan: reads its archive once, offers every file to a session of each scanner the scan
 * runs, each session on a thread of its own beside the archive pass ({@link ScanLanes},
 * docs/adr/0062-the-scan-pipeline-at-the-machines-pace.md), writes the SARIF log, and — in one transaction —
 * merges the results, completes the scan (provided this worker still holds it) and queues its pull-request
 * comment. Each stage's time goes to {@link ScanMetrics}.
 */
public final class ScanProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(ScanProcessor.class);

    private final Database database;
    private final ScanRepository scans;
    private final ArchiveRepository archives;
    private final FindingMerger merger;
    private final Map<ScanKind, Scanner> scanners;
    private final ArchiveLimits limits;
    private final Duration timeout;
    private final Clock clock;
    private final String version;
    private final ScanMetrics metrics;
    private final PrCommentOutbox prComments;
    private final ScanEvents events;
    private final PolicyFindingRepository policyFindings = new PolicyFindingRepository();
    private final ScanPolicyRepository scanPolicies = new ScanPolicyRepository();

    public ScanProcessor(Database database, ScanRepository scans, ArchiveRepository archives, FindingMerger merger,
                         Map<ScanKind, Scanner> scanners, ArchiveLimits limits, Duration timeout, Clock clock,
                         String version, ScanMetrics metrics, PrCommentOutbox prComments, ScanEvents events) {
        this.database = database;
        this.scans = scans;
        this.archives = archives;
        this.merger = merger;
        this.scanners = Map.copyOf(scanners);
        this.limits = limits;
        this.timeout = timeout;
        this.clock = clock;
        this.version = version;
        this.metrics = metrics;
        this.prComments = prComments;
        this.events = events;
    }

    /**
     * Processes {@code scan}; a failure of the scan itself, an error such as a stack overflow included, ends it
     * {@code failed} with a {@code SCAN_ERROR} warning rather than leaving it to be claimed again.
     */
    public void process(ScanRow scan, String worker) {
        process(scan, worker, new StageTimes());
    }

    /** As {@link #process(ScanRow, String)}, adding the time of each stage to {@code times} and reporting them. */
    void process(ScanRow scan, String worker, StageTimes times) {
        long start = System.nanoTime();
        ScanWarnings warnings = new ScanWarnings();
        try {
            Coverage coverage = new Coverage();
            Detected detected = detect(scan, warnings, coverage, times);
            finish(scan, worker, detected, warnings, coverage, times);
        } catch (Throwable e) {
            LOG.error("scan {} failed: {}", scan.id(), Failures.describe(e));
            warnings.warn("SCAN_ERROR", "the scan failed: " + e.getClass().getSimpleName(), null);
            database.run(c -> {
                if (scans.fail(c, scan.id(), worker, clock.millis(), Json.text(warnings.toList()))) {
                    events.failed(c, scan.id(), clock.millis());
                }
                archives.delete(c, scan.id());
            });
        } finally {
            metrics.scanFinished((System.nanoTime() - start) / 1e9);
            times.reportTo(metrics);
        }
    }

    /** What the sessions found, the bill of materials if an engine made one, and the repository's policy. */
    private record Detected(List<Detection> detections, Optional<ObjectNode> billOfMaterials,
                            PolicyCollector policy, boolean archiveComplete) {
    }

    private Detected detect(ScanRow scan, ScanWarnings warnings, Coverage coverage, StageTimes times) {
        ScanDeadline deadline = ScanDeadline.after(timeout);
        List<Scanner.Session> sessions = new ArrayList<>();
        Scanner.Warnings sink = warnings;
        for (ScanKind kind : scan.scanType().kinds()) {
            Scanner scanner = scanners.get(kind);
            if (scanner == null) {
                sink.warn("ENGINE_UNAVAILABLE", kind.wire() + " analysis is not available in this version of Vigil", null);
            } else {
                KindReport report = new KindReport(kind, warnings, coverage);
                sessions.add(new GuardedSession(scanner.start(report, deadline), report, times));
            }
        }
        ArchiveReader reader = new ArchiveReader(limits);
        PolicyCollector policy = new PolicyCollector();
        SecretMasking masking = secretMasking();
        ArchiveSummary summary;
        try (ScanLanes lanes = new ScanLanes(sessions)) {
            summary = times.time(ScanStage.INFLATED, () -> database.inTransaction(c -> archives.read(c, scan.id(),
                    in -> reader.read(in, read -> {
                        SourceFile file = masking == null ? read : read.withSecretMasking(masking);
                        policy.offer(file);
                        lanes.offer(file);
                    }, deadline))));
            times.time(ScanStage.SCANNED, () -> {
                lanes.awaitScanned();
                return null;
            });
        }
        warnings.addAll(summary.warnings());
        coverage.archive(summary);
        List<Detection> detections = new ArrayList<>();
        sessions.forEach(session -> detections.addAll(session.finish()));
        if (deadline.cut()) {
            timedOut(summary, warnings, coverage, deadline);
        }
        warnings.addAll(coverage.warnings(ran(scan)));
        Optional<ObjectNode> bom = sessions.stream().map(session -> session.billOfMaterials(scan.id().toString()))
                .flatMap(Optional::stream).findFirst();
        return new Detected(detections, bom, policy, summary.complete() && !deadline.cut());
    }

    /**
     * What masks the secrets in the code kept around findings: the secrets engine, whatever kinds the scan runs;
     * without one, findings keep no context (docs/adr/0057-finding-context-kept-at-scan-time.md).
     */
    private SecretMasking secretMasking() {
        return scanners.get(ScanKind.SECRETS) instanceof SecretMasking masking ? masking : null;
    }

    /** A scan cut by its time limit resolves nothing; the archive pass warned already if it was cut there. */
    private static void timedOut(ArchiveSummary summary, ScanWarnings warnings, Coverage coverage,
                                 ScanDeadline deadline) {
        coverage.cut();
        if (summary.warnings().stream().noneMatch(w -> w.code().equals(ScanDeadline.WARNING))) {
            warnings.warn(ScanDeadline.WARNING, "The scan ran past its time limit of " + deadline.budget()
                    + " after reading the archive: some files were not analysed, and no finding was resolved.", null);
        }
    }

    private void finish(ScanRow scan, String worker, Detected detected, ScanWarnings collected,
                        Coverage coverage, StageTimes times) {
        RepositoryPolicy policy = times.time(ScanStage.POLICY, () -> repositoryPolicy(detected));
        policy.problems().forEach(p -> collected.warn(PolicyProblem.CODE, p.warning(), p.path()));
        List<ScanWarning> warnings = collected.toList();
        long now = clock.millis();
        List<Detection> detections = detected.detections();
        long transaction = System.nanoTime();
        boolean completed = database.inTransaction(c -> {
            FindingMerger.Result result = times.time(ScanStage.MERGE,
                    () -> merge(c, scan, detections, now, coverage, policy));
            String sarif = times.time(ScanStage.SARIF, () -> Json.text(Sarif.log(detections, warnings, version,
                    result.introduced(), scan.prId() != null)));
            // completed_at is stamped after the merge and SARIF, so that it means what clients read it as
            if (!scans.complete(c, scan.id(), worker, clock.millis(), result.counts(), result.blocked(),
                    Json.text(warnings), sarif)) {
                c.rollback();
                return false;
            }
            if (detected.billOfMaterials().isPresent()) {
                scans.storeBillOfMaterials(c, scan.id(), Json.text(detected.billOfMaterials().get()));
            }
            prComments.enqueue(c, scan, result, now);
            events.completed(c, scan, result, now);
            archives.delete(c, scan.id());
            return true;
        });
        times.add(ScanStage.COMPLETED, System.nanoTime() - transaction - times.nanos(ScanStage.MERGE)
                - times.nanos(ScanStage.SARIF));
        if (!completed) {
            LOG.warn("scan {} was taken over by another worker; this result is dropped", scan.id());
        }
    }

    private FindingMerger.Result merge(Connection c, ScanRow scan, List<Detection> detections, long now,
                                       Coverage coverage, RepositoryPolicy policy) {
        try {
            FindingMerger.Result result = merger.merge(c, scan, ran(scan), detections, now, coverage::read, policy);
            scanPolicies.save(c, scan.id(), Json.text(policy.result(ran(scan))));
            return result;
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    /** The policy the archive carried, as of today (UTC); rules are checked against the bundled and advisory ids. */
    private RepositoryPolicy repositoryPolicy(Detected detected) {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        return database.inTransaction(c -> RepositoryPolicy.of(detected.policy(),
                new RuleCatalogue(rule -> isAdvisory(c, rule)), today, detected.archiveComplete()));
    }

    private boolean isAdvisory(Connection c, String rule) {
        try {
            return policyFindings.isAdvisory(c, rule);
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    /** The kinds of the scan that this build has an engine for: only their findings may be resolved. */
    private Set<ScanKind> ran(ScanRow scan) {
        Set<ScanKind> ran = EnumSet.noneOf(ScanKind.class);
        scan.scanType().kinds().stream().filter(scanners::containsKey).forEach(ran::add);
        return ran;
    }
}
