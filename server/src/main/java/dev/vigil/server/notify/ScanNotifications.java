package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.Finding;
import dev.vigil.model.Severity;
import dev.vigil.model.WebhookEvent;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.MergeRepository.NewFinding;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import dev.vigil.server.triage.FindingMerger;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The events of a scan's end, queued in the transaction that ends it: {@code scan.completed} or
 * {@code scan.failed}; for a default-branch scan {@code finding.new} (the high and critical findings it
 * opened) and {@code finding.regressed}; for a pull-request scan that blocks, {@code pr.blocked}.
 */
public final class ScanNotifications implements ScanEvents {

    private final Notifications notifications;
    private final ScanRepository scans;
    private final FindingRepository findings;

    public ScanNotifications(Notifications notifications, ScanRepository scans, FindingRepository findings) {
        this.notifications = notifications;
        this.scans = scans;
        this.findings = findings;
    }

    @Override
    public void completed(Connection c, ScanRow claimed, FindingMerger.Result result, long now) throws SQLException {
        ScanRow scan = scans.find(c, claimed.id()).orElseThrow();
        emitIfWanted(c, scan, WebhookEvent.SCAN_COMPLETED, () -> EventData.scan(scan), now);
        List<UUID> opened = result.opened().stream()
                .filter(n -> n.detection().severity().rank() <= Severity.HIGH.rank())
                .sorted(Comparator.comparingInt((NewFinding n) -> n.detection().severity().rank()))
                .map(NewFinding::id).toList();
        if (!opened.isEmpty()) {
            emitIfWanted(c, scan, WebhookEvent.FINDING_NEW, () -> listed(c, scan, opened, now), now);
        }
        if (!result.regressed().isEmpty()) {
            emitIfWanted(c, scan, WebhookEvent.FINDING_REGRESSED, () -> listed(c, scan, result.regressed(), now), now);
        }
        if (scan.prId() != null && result.blocked()) {
            emitIfWanted(c, scan, WebhookEvent.PR_BLOCKED, () -> blocked(scan, result), now);
        }
    }

    @Override
    public void failed(Connection c, UUID scanId, long now) throws SQLException {
        ScanRow scan = scans.find(c, scanId).orElseThrow();
        emitIfWanted(c, scan, WebhookEvent.SCAN_FAILED, () -> EventData.scan(scan), now);
    }

    private interface Data {
        ObjectNode build() throws SQLException;
    }

    /** Builds the data only when some webhook takes the event. */
    private void emitIfWanted(Connection c, ScanRow scan, WebhookEvent event, Data data, long now)
            throws SQLException {
        if (notifications.wanted(c, scan.tenantId(), scan.projectId(), event.wire())) {
            notifications.emit(c, scan.tenantId(), scan.projectId(), event.wire(), data.build(), now);
        }
    }

    private ObjectNode listed(Connection c, ScanRow scan, List<UUID> ids, long now) throws SQLException {
        List<Finding> shown = new ArrayList<>();
        for (UUID id : ids.subList(0, Math.min(ids.size(), EventData.MAX_FINDINGS))) {
            findings.find(c, scan.tenantId(), id, now).ifPresent(shown::add);
        }
        return EventData.findings(scan, ids.size(), shown);
    }

    private static ObjectNode blocked(ScanRow scan, FindingMerger.Result result) {
        List<Detection> blocking = result.detections().stream()
                .filter(d -> result.blocking().contains(d.fingerprint()))
                .sorted(Comparator.comparingInt((Detection d) -> d.severity().rank())
                        .thenComparing(Detection::location))
                .toList();
        ObjectNode data = EventData.scan(scan);
        data.put("verdict", "blocked");
        ObjectNode policy = data.putObject("policy");
        policy.put("block_severity", result.policy().blockSeverity().wire());
        policy.put("block_on_new_secrets", result.policy().blockOnNewSecrets());
        data.put("total", blocking.size());
        data.set("blocking_findings", EventData.detections(
                blocking.subList(0, Math.min(blocking.size(), EventData.MAX_FINDINGS))));
        return data;
    }
}
