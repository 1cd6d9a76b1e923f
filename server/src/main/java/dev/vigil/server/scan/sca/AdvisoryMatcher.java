package dev.vigil.server.scan.sca;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Matches dependencies against the advisories of its source (the shared database in the server). The advisories of an ecosystem are loaded on
 * first use and indexed by package name; {@link #refresh} (called when a scan starts) drops the index of an
 * ecosystem whose import status changed, so an import on any node reaches every node's next scan.
 * Thread-safe.
 */
public final class AdvisoryMatcher {

    private final AdvisorySource source;
    private final Map<Ecosystem, Loaded> indexes = new ConcurrentHashMap<>();
    private volatile Map<Ecosystem, ImportStatus> statuses = Map.of();

    public AdvisoryMatcher(AdvisorySource source) {
        this.source = source;
        refresh();
    }

    /** Reads the import status of every ecosystem and forgets indexes that are out of date. */
    public void refresh() {
        Map<Ecosystem, ImportStatus> current = new EnumMap<>(Ecosystem.class);
        for (ImportStatus status : source.statuses()) {
            current.put(status.ecosystem(), status);
        }
        statuses = current;
        indexes.entrySet().removeIf(e -> !e.getValue().status().equals(current.get(e.getKey())));
    }

    /** Whether any advisory of {@code ecosystem} has been imported (as of the last {@link #refresh}). */
    public boolean hasData(Ecosystem ecosystem) {
        ImportStatus status = statuses.get(ecosystem);
        return status != null && status.advisories() > 0;
    }

    /** Every advisory affecting the dependency's installed version, withdrawn advisories excluded. */
    public List<Match> match(Dependency dependency) {
        if (!hasData(dependency.ecosystem())) {
            return List.of();
        }
        return index(dependency.ecosystem()).match(dependency);
    }

    private AdvisoryIndex index(Ecosystem ecosystem) {
        return indexes.computeIfAbsent(ecosystem, e -> new Loaded(statuses.get(e),
                new AdvisoryIndex(e, source.ofEcosystem(e)))).index();
    }

    private record Loaded(ImportStatus status, AdvisoryIndex index) {
    }
}
