package dev.vigil.server.scan.sca;

import dev.vigil.model.Severity;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One advisory that affects one dependency.
 *
 * @param advisoryId   the id shown to developers: the GHSA id, else a CVE id, else the record's own id
 * @param aliases      the record's other ids (its own id included when it is not {@code advisoryId})
 * @param cwe          the first CWE of the advisory, or empty
 * @param fixedVersion the smallest fixed version above the installed one in the range that contains it
 * @param fixCommand   what a developer runs to get {@code fixedVersion}
 * @param breaking     the fix changes the major version (the minor for a 0.x SemVer version)
 * @param references   the URLs the advisory lists, possibly empty
 */
public record Match(Dependency dependency, String advisoryId, List<String> aliases, String summary,
                    Severity severity, String cwe, Optional<String> fixedVersion, Optional<String> fixCommand,
                    boolean breaking, List<String> references) {

    public Match {
        Objects.requireNonNull(dependency, "dependency");
        Objects.requireNonNull(advisoryId, "advisoryId");
        Objects.requireNonNull(severity, "severity");
        aliases = List.copyOf(aliases);
        summary = summary == null || summary.isBlank() ? advisoryId : summary;
        cwe = cwe == null ? "" : cwe;
        Objects.requireNonNull(fixedVersion, "fixedVersion");
        Objects.requireNonNull(fixCommand, "fixCommand");
        references = references == null ? List.of() : List.copyOf(references);
    }

    /** A match of an advisory that lists no references. */
    public Match(Dependency dependency, String advisoryId, List<String> aliases, String summary, Severity severity,
                 String cwe, Optional<String> fixedVersion, Optional<String> fixCommand, boolean breaking) {
        this(dependency, advisoryId, aliases, summary, severity, cwe, fixedVersion, fixCommand, breaking, List.of());
    }
}
