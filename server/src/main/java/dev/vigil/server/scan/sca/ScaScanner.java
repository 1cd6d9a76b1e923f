package dev.vigil.server.scan.sca;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.DependencyDetail;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.RuleHelp;
import dev.vigil.server.scan.ScanDeadline;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The dependency engine: a session keeps the manifests and lockfiles of a scan, and at the end parses them
 * ({@link ManifestParsers}) and matches every dependency against the advisory database. An ecosystem without
 * advisory data is reported once as a {@code NO_ADVISORY_DATA} warning, and the scan resolves no finding of
 * its manifests. A package locked at several places of one manifest gives one detection per advisory (its
 * first line). Thread-safe.
 */
public final class ScaScanner implements Scanner {

    public static final String NO_ADVISORY_DATA = "NO_ADVISORY_DATA";


    private final AdvisoryMatcher matcher;

    public ScaScanner(AdvisoryMatcher matcher) {
        this.matcher = matcher;
    }

    @Override
    public ScanKind kind() {
        return ScanKind.SCA;
    }

    @Override
    public ScaSession start(Warnings warnings) {
        return start(warnings, ScanDeadline.none());
    }

    @Override
    public ScaSession start(Warnings warnings, ScanDeadline deadline) {
        matcher.refresh();
        return new ScaSession(warnings, deadline);
    }

    /** Whether the file may be a manifest or lockfile the parsers read. */
    static boolean isManifest(String path) {
        return ManifestParsers.isManifest(path);
    }

    /** Matches dependencies already parsed: the detections, with a warning per ecosystem without data. */
    public ScaResult analyse(List<Dependency> dependencies, Warnings warnings) {
        return analyse(dependencies, warnings, ScanDeadline.none());
    }

    private ScaResult analyse(List<Dependency> dependencies, Warnings warnings, ScanDeadline deadline) {
        Set<Ecosystem> warned = EnumSet.noneOf(Ecosystem.class);
        List<Match> matches = new ArrayList<>();
        for (Dependency dependency : dependencies) {
            if (deadline.passed()) {
                break;
            }
            if (!matcher.hasData(dependency.ecosystem())) {
                warnings.unchecked(dependency.manifestPath());
                if (warned.add(dependency.ecosystem())) {
                    warnings.warn(NO_ADVISORY_DATA, "no advisories imported for " + dependency.ecosystem().osvName()
                            + ": its dependencies were not checked, nor their findings resolved (run `vigil"
                            + " advisories update`)", dependency.manifestPath());
                }
                continue;
            }
            matches.addAll(matcher.match(dependency));
        }
        Map<String, Detection> detections = new LinkedHashMap<>();
        for (Match match : matches) {
            Detection detection = detection(match);
            detections.putIfAbsent(detection.fingerprint(), detection);
        }
        return new ScaResult(dependencies, matches, List.copyOf(detections.values()));
    }

    static Detection detection(Match m) {
        Dependency d = m.dependency();
        String description = d.name() + " " + d.version() + " (" + d.ecosystem().osvName() + ") is affected by "
                + m.advisoryId() + ": " + m.summary()
                + m.fixedVersion().map(f -> " Fixed in " + f + ".").orElse(" No fixed version is known.");
        return Detection.builder(ScanKind.SCA, m.advisoryId(), m.severity(), d.manifestPath(), d.line(),
                        d.ecosystem().osvName() + ":" + d.name())
                .title(m.summary())
                .cwe(m.cwe().isEmpty() ? null : m.cwe())
                .description(description)
                .fixAvailable(fixAvailable(m))
                .breaking(m.breaking())
                .direct(d.direct())
                .aliases(m.aliases())
                .help(help(m))
                .dependency(new DependencyDetail(d.path().steps(), Remediations.of(m)))
                .build();
    }

    /**
     * The finding's {@code fix_available} (docs/adr/0066-fix-available-of-a-transitive-dependency.md): for a
     * direct dependency the command that upgrades it; for a transitive one the fixed version alone, since that
     * command would add a second copy beside the one that stays (the remediation says how to pin it); null
     * when no fixed version is known.
     */
    static String fixAvailable(Match m) {
        return m.dependency().direct() ? m.fixCommand().orElse(null) : m.fixedVersion().orElse(null);
    }

    /** What the advisory means for SARIF: its summary as the risk, the fixed version, its pages. */
    static RuleHelp help(Match m) {
        Optional<String> command = m.dependency().direct() ? m.fixCommand() : Optional.empty();
        String fix = m.fixedVersion()
                .map(f -> "Upgrade " + m.dependency().name() + " to " + f + " or later"
                        + command.map(c -> " (" + c + ")").orElse("") + ".")
                .orElse("No fixed version is known: follow the advisory, or replace or isolate the package.");
        return new RuleHelp(m.summary(), fix, AdvisoryPages.primary(m.advisoryId()),
                AdvisoryPages.of(m.advisoryId(), m.aliases(), m.references()));
    }

    /** One scan's SCA state; after {@link #finish}, {@link #result} holds its dependencies and matches. */
    public final class ScaSession implements Session {

        private final Warnings warnings;
        private final ScanDeadline deadline;
        private final List<SourceFile> manifests = new ArrayList<>();
        private ScaResult result = new ScaResult(List.of(), List.of(), List.of());

        private ScaSession(Warnings warnings, ScanDeadline deadline) {
            this.warnings = warnings;
            this.deadline = deadline;
        }

        @Override
        public void scan(SourceFile file) {
            if (isManifest(file.path())) {
                manifests.add(file);
            }
        }

        @Override
        public List<Detection> finish() {
            ScaResult found = analyse(ManifestParsers.parse(List.copyOf(manifests), warnings, deadline), warnings,
                    deadline);
            Map<String, SourceFile> byPath = new HashMap<>();
            manifests.forEach(file -> byPath.putIfAbsent(file.path(), file));
            result = new ScaResult(found.dependencies(), found.matches(), found.detections().stream()
                    .map(d -> byPath.containsKey(d.path()) ? d.withContext(byPath.get(d.path()).context(d.line())) : d)
                    .toList());
            return result.detections();
        }

        public ScaResult result() {
            return result;
        }

        @Override
        public Optional<ObjectNode> billOfMaterials(String serial) {
            List<VulnerabilityRef> vulnerabilities = result.matches().stream().map(m -> new VulnerabilityRef(
                    m.advisoryId(), m.dependency().ecosystem().osvName(), m.dependency().name(),
                    m.dependency().version(), m.severity().wire(), m.cwe(), m.summary(),
                    m.fixedVersion().orElse(null))).toList();
            return Optional.of(CycloneDx.bom(result.dependencies(), vulnerabilities, serial));
        }
    }
}
