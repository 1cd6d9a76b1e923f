package dev.vigil.server.vex;

import dev.vigil.model.FindingStatus;
import dev.vigil.server.decisions.ScaPackage;
import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The SCA findings of a project that a VEX document states, at most {@link #MAX_FINDINGS}. */
public final class VexRepository {

    static final int MAX_FINDINGS = 10_000;

    List<VexFinding> findings(Connection c, UUID tenantId, UUID projectId) throws SQLException {
        List<Optional<VexFinding>> rows = Sql.list(c, """
                SELECT f.id, f.rule_id, f.title, f.description, f.status, f.fix_available,
                       f.accepted_reason,
                       (SELECT h.reason FROM finding_history h WHERE h.finding_id = f.id AND h.to_status = f.status
                        ORDER BY h.id DESC LIMIT 1) AS last_reason
                FROM findings f
                WHERE f.tenant_id = ? AND f.project_id = ? AND f.scan_type = 'sca'
                ORDER BY f.rule_id, f.id
                LIMIT ?
                """, row -> {
            FindingStatus status = FindingStatus.of(row.getString("status"));
            String accepted = row.getString("accepted_reason");
            String reason = accepted != null ? accepted : row.getString("last_reason");
            Optional<ScaPackage> pkg = ScaPackage.ofDescription(row.getString("description"));
            if (pkg.isEmpty()) {
                return Optional.<VexFinding>empty();
            }
            return Optional.of(new VexFinding(Sql.uuid(row, "id"), row.getString("rule_id"), row.getString("title"),
                    pkg.get(), status, reason == null ? "" : reason, row.getString("fix_available")));
        }, tenantId, projectId, MAX_FINDINGS);
        return rows.stream().flatMap(Optional::stream).toList();
    }
}
