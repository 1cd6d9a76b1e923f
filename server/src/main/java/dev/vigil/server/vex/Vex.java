package dev.vigil.server.vex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Project;
import dev.vigil.model.VexFormat;
import dev.vigil.model.VexImportResult;
import dev.vigil.server.access.Caller;
import dev.vigil.server.decisions.Decisions;
import dev.vigil.server.decisions.PackageRange;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ProjectRepository;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * VEX out and in (docs/adr/0053-vex-in-and-out.md): a project's SCA findings as CycloneDX or OpenVEX, and a
 * document's statements applied to a project as decisions scoped to it.
 */
public final class Vex {

    private final Database database;
    private final VexRepository findings;
    private final ProjectRepository projects;
    private final Decisions decisions;
    private final Clock clock;

    public Vex(Database database, VexRepository findings, ProjectRepository projects, Decisions decisions,
               Clock clock) {
        this.database = database;
        this.findings = findings;
        this.projects = projects;
        this.decisions = decisions;
        this.clock = clock;
    }

    public ObjectNode export(Caller caller, UUID projectId, VexFormat format) {
        return database.read(c -> {
            Project project = project(c, caller, projectId);
            List<VexFinding> rows = findings.findings(c, caller.tenantId(), projectId);
            if (format == VexFormat.OPENVEX && rows.isEmpty()) {
                // an OpenVEX document holds at least one statement (its schema's minItems): there is none to make
                throw VexRefused.notFound("dependency finding to state in OpenVEX");
            }
            Instant now = Instant.ofEpochMilli(clock.millis());
            return format == VexFormat.OPENVEX ? OpenVex.write(project, rows, now)
                    : CycloneDxVex.write(project, rows, now);
        });
    }

    /** Applies the document's statements in one transaction; counts them as applied, unmatched or ignored. */
    public VexImportResult apply(Caller caller, UUID projectId, JsonNode document) {
        List<VexStatement> statements = VexDocuments.read(document);
        return database.inTransaction(c -> {
            project(c, caller, projectId);
            int applied = 0;
            int unmatched = 0;
            int ignored = 0;
            for (VexStatement statement : statements) {
                if (statement.verdict() == VexStatement.Verdict.OTHER) {
                    ignored++;
                } else if (apply(c, caller, projectId, statement) > 0) {
                    applied++;
                } else {
                    unmatched++;
                }
            }
            return new VexImportResult(applied, unmatched, ignored);
        });
    }

    private int apply(Connection c, Caller caller, UUID projectId, VexStatement statement) throws SQLException {
        int changed = 0;
        for (DecisionScope scope : scopes(projectId, statement)) {
            changed += switch (statement.verdict()) {
                case NOT_AFFECTED -> decisions.create(c, caller, new Decisions.Request(scope,
                        FindingStatus.FALSE_POSITIVE, statement.reason(), Optional.empty())).applied();
                case FIXED -> decisions.note(c, caller, scope, "vex_fixed", "a VEX document says fixed: "
                        + statement.reason());
                case OTHER -> 0;
            };
        }
        return changed;
    }

    /** One scope per product the statement names with a purl Vigil reads; the whole project without products. */
    private static List<DecisionScope> scopes(UUID projectId, VexStatement statement) {
        if (statement.purls().isEmpty()) {
            return List.of(new DecisionScope(statement.vulnerability(), null, null, projectId));
        }
        List<DecisionScope> scopes = new ArrayList<>();
        for (String purl : statement.purls()) {
            if (PackageRange.parse(purl).isPresent()) {
                scopes.add(new DecisionScope(statement.vulnerability(), purl, null, projectId));
            }
        }
        return scopes;
    }

    private Project project(Connection c, Caller caller, UUID projectId) throws SQLException {
        return projects.find(c, caller.tenantId(), projectId).orElseThrow(() -> VexRefused.notFound("project"));
    }
}
