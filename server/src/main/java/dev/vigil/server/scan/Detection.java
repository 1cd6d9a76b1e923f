package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.util.List;
import java.util.Objects;

/**
 * One problem a scanner found in one file: what the pipeline turns into a finding and a SARIF result.
 *
 * @param identity what, beside kind, rule and path, makes this problem the same problem after code moves
 *                 (docs/adr/0010-fingerprints-survive-code-moving.md): for secrets a keyed hash
 *                 ({@link SecretDigest}), for iac the resource address, for sca the ecosystem and package
 *                 name. Never a secret value in the clear.
 * @param line     1-based line of the problem in {@code path}
 * @param aliases  equivalent ids in other tools (Checkov, Trivy, CVE, GHSA), possibly empty
 * @param help     what the rule means (risk, fix, references), or null where the engine has none
 * @param dependency for sca, the package's dependency path and remediation; null for other kinds
 */
public record Detection(ScanKind kind, String ruleId, String title, Severity severity, String cwe, String path,
                        int line, String description, String fixAvailable, boolean isBreaking, boolean isDirect,
                        String identity, List<String> aliases, RuleHelp help, DependencyDetail dependency) {

    public Detection {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(identity, "identity");
        title = title == null ? ruleId : title;
        description = description == null ? title : description;
        line = Math.max(1, line);
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
    }

    /** A detection of no package. */
    public Detection(ScanKind kind, String ruleId, String title, Severity severity, String cwe, String path,
                     int line, String description, String fixAvailable, boolean isBreaking, boolean isDirect,
                     String identity, List<String> aliases, RuleHelp help) {
        this(kind, ruleId, title, severity, cwe, path, line, description, fixAvailable, isBreaking, isDirect,
                identity, aliases, help, null);
    }

    /** A detection whose rule has no help of its own. */
    public Detection(ScanKind kind, String ruleId, String title, Severity severity, String cwe, String path,
                     int line, String description, String fixAvailable, boolean isBreaking, boolean isDirect,
                     String identity, List<String> aliases) {
        this(kind, ruleId, title, severity, cwe, path, line, description, fixAvailable, isBreaking, isDirect,
                identity, aliases, null);
    }

    /** The finding's location, {@code <path>:<line>}. */
    public String location() {
        return path + ":" + line;
    }

    /** The stable fingerprint of this problem, {@code fp_v1:<hex sha-256>}. */
    public String fingerprint() {
        return Fingerprints.of(kind, ruleId, path, identity);
    }
}
