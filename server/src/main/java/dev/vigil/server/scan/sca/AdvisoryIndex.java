package dev.vigil.server.scan.sca;

import dev.vigil.model.Severity;
import dev.vigil.server.scan.sca.versions.VersionScheme;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** The advisories of one ecosystem, by package name, ready to match without touching the database. */
final class AdvisoryIndex {

    private final Ecosystem ecosystem;
    private final VersionScheme scheme;
    private final Map<String, List<Entry>> byName = new HashMap<>();

    AdvisoryIndex(Ecosystem ecosystem, List<Advisory> advisories) {
        this.ecosystem = ecosystem;
        this.scheme = VersionScheme.of(ecosystem);
        for (Advisory advisory : advisories) {
            Map<String, List<AffectedRanges>> affectedByName = new HashMap<>();
            for (AffectedPackage affected : advisory.affected()) {
                if (affected.ecosystem() == ecosystem) {
                    affectedByName.computeIfAbsent(affected.name(), k -> new ArrayList<>())
                            .add(new AffectedRanges(affected, scheme));
                }
            }
            affectedByName.forEach((name, entries) ->
                    byName.computeIfAbsent(name, k -> new ArrayList<>()).add(new Entry(advisory, entries)));
        }
    }

    int packages() {
        return byName.size();
    }

    List<Match> match(Dependency dependency) {
        List<Entry> entries = byName.get(PackageNames.normalise(ecosystem, dependency.name()));
        if (entries == null) {
            return List.of();
        }
        List<Match> matches = new ArrayList<>();
        for (Entry entry : entries) {
            entry.match(dependency, scheme).ifPresent(matches::add);
        }
        return matches;
    }

    private record Entry(Advisory advisory, List<AffectedRanges> affected, String id, List<String> aliases,
                         Severity severity, String cwe) {

        Entry(Advisory advisory, List<AffectedRanges> affected) {
            this(advisory, affected, advisory.preferredId(),
                    Stream.concat(Stream.of(advisory.id()), advisory.aliases().stream())
                            .filter(a -> !a.equals(advisory.preferredId())).toList(),
                    Severities.of(advisory), advisory.cwes().isEmpty() ? "" : advisory.cwes().getFirst());
        }

        Optional<Match> match(Dependency dependency, VersionScheme scheme) {
            Optional<String> fix = Optional.empty();
            for (AffectedRanges entry : affected) {
                Optional<String> hit = entry.evaluate(dependency.version());
                if (hit.isPresent()) {
                    fix = Optional.of(fix.map(f -> f.isEmpty() || hit.get().isEmpty() ? ""
                            : scheme.compare(f, hit.get()) >= 0 ? f : hit.get()).orElse(hit.get()));
                }
            }
            return fix.map(f -> toMatch(dependency, f.isEmpty() ? Optional.empty() : Optional.of(f), scheme));
        }

        private Match toMatch(Dependency dependency, Optional<String> fixed, VersionScheme scheme) {
            Ecosystem ecosystem = dependency.ecosystem();
            boolean breaking = fixed.map(f -> !scheme.breakingPart(f).equals(scheme.breakingPart(dependency.version())))
                    .orElse(false);
            return new Match(dependency, id, aliases, advisory.summary(), severity, cwe, fixed,
                    fixed.map(f -> FixCommands.of(ecosystem, dependency.name(), f)), breaking, advisory.references());
        }
    }
}
