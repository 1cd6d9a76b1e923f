package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.UUID;

/**
 * Which findings a decision covers; every field given must match. {@code ruleId} is a Vigil rule id or any
 * alias (CVE, GHSA, CKV, AVD), {@code packageUrl} a purl with an optional version range
 * ({@code pkg:npm/lodash@<4.17.21}, SCA findings only), {@code path} a glob over the finding's file, and
 * {@code projectId} one project (absent: every project of the tenant).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DecisionScope(String ruleId, @JsonProperty("package") String packageUrl, String path, UUID projectId) {

    public static DecisionScope ofRule(String ruleId, UUID projectIdOrNull) {
        return new DecisionScope(ruleId, null, null, projectIdOrNull);
    }

    public static DecisionScope ofPackage(String packageUrl, UUID projectIdOrNull) {
        return new DecisionScope(null, packageUrl, null, projectIdOrNull);
    }
}
