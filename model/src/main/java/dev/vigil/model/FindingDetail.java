package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Objects;

/**
 * One finding with what a reader needs to judge it ({@code GET /v1/repo-vulnerabilities/:id}): the finding's
 * fields, unwrapped, then its context. Fields that do not apply to the finding's kind are null.
 *
 * @param finding        the finding, written as its own fields at the top level
 * @param context        the code around the finding as of its last scan, secrets masked; null when the file is
 *                       not text or the scan kept none
 * @param references     URLs: for sca the advisory's pages and its aliases', for iac and secrets the rule's
 *                       documentation and the provider's; empty when there are none
 * @param cvss           the advisory's CVSS vector and score; null when it has none
 * @param dependencyPath sca only: {@code name@version} from the project's root to the vulnerable package; null
 *                       for other kinds or when the manifest has no dependency graph
 * @param remediation    sca only: one sentence that fixes the finding; null for other kinds or when unknown
 */
public record FindingDetail(@JsonUnwrapped Finding finding, Context context, List<String> references, Cvss cvss,
                            List<String> dependencyPath, String remediation) {

    public FindingDetail {
        Objects.requireNonNull(finding, "finding");
        references = references == null ? List.of() : List.copyOf(references);
        dependencyPath = dependencyPath == null ? null : List.copyOf(dependencyPath);
    }

    /**
     * Up to three lines before and after the finding's line, each at most 300 characters.
     *
     * @param startLine the 1-based line number of the first of {@code lines}
     */
    public record Context(int startLine, List<String> lines) {

        public Context {
            lines = List.copyOf(lines);
        }
    }

    /**
     * A CVSS base vector with its score.
     *
     * @param version the CVSS version, {@code 3.1}, {@code 3.0}, {@code 4.0} or {@code 2.0}
     * @param vector  the vector, {@code CVSS:3.1/AV:N/…}
     * @param score   the base score, 0.0 to 10.0
     */
    public record Cvss(String version, String vector, double score) {

        public Cvss {
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(vector, "vector");
        }
    }
}
