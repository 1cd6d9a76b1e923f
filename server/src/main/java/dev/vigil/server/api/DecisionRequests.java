package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.FindingStatus;
import dev.vigil.server.decisions.Decisions;
import dev.vigil.server.decisions.PackageRange;
import dev.vigil.server.decisions.PathGlob;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.BodyReader;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

/** Reads and checks the body of {@code POST /v1/decisions}, naming every problem in one VALIDATION_FAILED. */
final class DecisionRequests {

    private DecisionRequests() {
    }

    static Decisions.Request read(JsonNode body, Clock clock) {
        BodyReader fields = new BodyReader(body);
        JsonNode scopeNode = fields.node("scope");
        DecisionScope scope = null;
        if (scopeNode == null || !scopeNode.isObject()) {
            fields.addProblem("scope", "is required: an object with rule_id, package, path or project_id");
        } else {
            scope = scope(new BodyReader(scopeNode), fields);
        }
        FindingStatus status = fields.requiredEnum("status", FindingStatus.class);
        if (status != null && status != FindingStatus.ACCEPTED && status != FindingStatus.FALSE_POSITIVE) {
            fields.addProblem("status", "must be accepted or false_positive");
        }
        String reason = fields.requiredText("reason", 2000);
        Optional<LocalDate> until = fields.optionalDate("until");
        JsonNode untilNode = fields.node("until");
        if (status == FindingStatus.ACCEPTED && until.isEmpty() && (untilNode == null || untilNode.isNull())) {
            fields.addProblem("until", "is required for accepted");
        }
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        if (until.isPresent() && (!until.get().isAfter(today) || until.get().isAfter(today.plusYears(1)))) {
            fields.addProblem("until", "must be a future date at most one year ahead");
        }
        fields.validate();
        return new Decisions.Request(scope, status, reason, until);
    }

    private static DecisionScope scope(BodyReader scope, BodyReader fields) {
        Optional<String> rule = scope.optionalText("rule_id", 200);
        Optional<String> pkg = scope.optionalText("package", PackageRange.MAX_LENGTH);
        Optional<String> path = scope.optionalText("path", PathGlob.MAX_LENGTH);
        Optional<UUID> project = scope.optionalUuid("project_id");
        try {
            scope.validate();
        } catch (ApiException problems) {
            problems.body().details().forEach(p -> fields.addProblem("scope." + p.field(), p.problem()));
        }
        if (pkg.isPresent() && PackageRange.parse(pkg.get()).isEmpty()) {
            fields.addProblem("scope.package", "must be a package URL with an optional version range,"
                    + " such as pkg:npm/lodash@<4.17.21");
        }
        if (path.isPresent() && PathGlob.parse(path.get()).isEmpty()) {
            fields.addProblem("scope.path", "must be a glob of *, ** and ? (no brackets or braces)");
        }
        if (rule.isEmpty() && pkg.isEmpty() && path.isEmpty() && project.isEmpty()) {
            fields.addProblem("scope", "needs at least one of rule_id, package, path, project_id");
        }
        return new DecisionScope(rule.orElse(null), pkg.orElse(null), path.orElse(null), project.orElse(null));
    }
}
