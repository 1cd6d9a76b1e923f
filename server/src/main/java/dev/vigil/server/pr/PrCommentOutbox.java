package dev.vigil.server.pr;

import dev.vigil.model.ProjectPolicy;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.PrCommentRepository;
import dev.vigil.server.store.PrCommentRepository.ResultRow;
import dev.vigil.server.store.ScanRow;
import dev.vigil.server.store.ScmRepository;
import dev.vigil.server.triage.FindingMerger;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Queues the comment of a completed pull-request scan inside the transaction that completes it, so that a
 * scan is never completed without its comment queued nor a comment queued for a scan that did not complete.
 * A scan qualifies when it has a {@code pr_id}, its tenant's plan allows comments (the submission recorded
 * {@code not_configured}, not {@code not_in_plan}) and its project has an SCM integration.
 */
public final class PrCommentOutbox {

    private final ScmRepository scms;
    private final PrCommentRepository comments;

    public PrCommentOutbox(ScmRepository scms, PrCommentRepository comments) {
        this.scms = scms;
        this.comments = comments;
    }

    public void enqueue(Connection c, ScanRow scan, FindingMerger.Result result, long now) throws SQLException {
        if (scan.prId() == null || !"not_configured".equals(scan.prCommentStatus())
                || scms.find(c, scan.projectId()).isEmpty()) {
            return;
        }
        List<ResultRow> rows = result.detections().stream()
                .filter(d -> result.introduced().contains(d.fingerprint()) || result.debt().contains(d.fingerprint()))
                .map(d -> row(d, result))
                .toList();
        comments.insertResults(c, scan.id(), rows);
        var policy = result.policy();
        comments.enqueue(c, scan.id(), scan.tenantId(), scan.projectId(), scan.prId(),
                new ProjectPolicy(policy.blockSeverity(), policy.blockOnNewSecrets()), now);
    }

    private static ResultRow row(Detection d, FindingMerger.Result result) {
        String fp = d.fingerprint();
        return new ResultRow(fp, d.ruleId(), d.title(), d.severity(), d.kind(), d.path(), d.line(), d.fixAvailable(),
                result.introduced().contains(fp), result.debt().contains(fp), result.blocking().contains(fp));
    }
}
