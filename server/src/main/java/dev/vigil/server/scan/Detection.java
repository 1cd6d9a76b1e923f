package dev.vigil.server.scan;

import dev.vigil.model.FindingDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.util.List;
import java.util.Objects;

/**
 * One problem a scanner found in one file: what the pipeline turns into a finding and a SARIF result. Build one
 * with {@link #builder}.
 *
 * @param identity what, beside kind, rule and path, makes this problem the same problem after code moves
 *                 (docs/adr/0010-fingerprints-survive-code-moving.md): for secrets a keyed hash
 *                 ({@link SecretDigest}), for iac the resource address, for sca the ecosystem and package
 *                 name. Never a secret value in the clear.
 * @param line     1-based line of the problem in {@code path}
 * @param aliases  equivalent ids in other tools (Checkov, Trivy, CVE, GHSA), possibly empty
 * @param help     what the rule means (risk, fix, references), or null where the engine has none
 * @param context  the lines around {@code line}, secrets masked ({@link SourceFile#context}), or null
 * @param dependency for sca, the package's dependency path and remediation; null for other kinds
 */
public record Detection(ScanKind kind, String ruleId, String title, Severity severity, String cwe, String path,
                        int line, String description, String fixAvailable, boolean isBreaking, boolean isDirect,
                        String identity, List<String> aliases, RuleHelp help, FindingDetail.Context context,
                        DependencyDetail dependency) {

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

    /** A builder of a detection of {@code ruleId} at {@code path:line}, told apart by {@code identity}. */
    public static Builder builder(ScanKind kind, String ruleId, Severity severity, String path, int line,
                                  String identity) {
        return new Builder(kind, ruleId, severity, path, line, identity);
    }

    /** This detection with the lines around it; the file's own {@link SourceFile#context} gives them. */
    public Detection withContext(FindingDetail.Context lines) {
        return new Detection(kind, ruleId, title, severity, cwe, path, line, description, fixAvailable, isBreaking,
                isDirect, identity, aliases, help, lines, dependency);
    }

    /** The finding's location, {@code <path>:<line>}. */
    public String location() {
        return path + ":" + line;
    }

    /** The stable fingerprint of this problem, {@code fp_v1:<hex sha-256>}. */
    public String fingerprint() {
        return Fingerprints.of(kind, ruleId, path, identity);
    }

    /** Names the optional fields of a {@link Detection}; what is not set is null (aliases empty, flags false). */
    public static final class Builder {

        private final ScanKind kind;
        private final String ruleId;
        private final Severity severity;
        private final String path;
        private final int line;
        private final String identity;
        private String title;
        private String cwe;
        private String description;
        private String fixAvailable;
        private boolean breaking;
        private boolean direct;
        private List<String> aliases = List.of();
        private RuleHelp help;
        private FindingDetail.Context context;
        private DependencyDetail dependency;

        private Builder(ScanKind kind, String ruleId, Severity severity, String path, int line, String identity) {
            this.kind = kind;
            this.ruleId = ruleId;
            this.severity = severity;
            this.path = path;
            this.line = line;
            this.identity = identity;
        }

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder cwe(String cwe) {
            this.cwe = cwe;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder fixAvailable(String fixAvailable) {
            this.fixAvailable = fixAvailable;
            return this;
        }

        public Builder breaking(boolean breaking) {
            this.breaking = breaking;
            return this;
        }

        public Builder direct(boolean direct) {
            this.direct = direct;
            return this;
        }

        public Builder aliases(List<String> aliases) {
            this.aliases = aliases;
            return this;
        }

        public Builder help(RuleHelp help) {
            this.help = help;
            return this;
        }

        public Builder context(FindingDetail.Context context) {
            this.context = context;
            return this;
        }

        public Builder dependency(DependencyDetail dependency) {
            this.dependency = dependency;
            return this;
        }

        public Detection build() {
            return new Detection(kind, ruleId, title, severity, cwe, path, line, description, fixAvailable, breaking,
                    direct, identity, aliases, help, context, dependency);
        }
    }
}
