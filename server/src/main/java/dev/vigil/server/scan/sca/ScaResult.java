package dev.vigil.server.scan.sca;

import dev.vigil.server.scan.Detection;

import java.util.List;

/** What one SCA analysis found: the dependencies (for an SBOM), the advisories they match, and the detections. */
public record ScaResult(List<Dependency> dependencies, List<Match> matches, List<Detection> detections) {

    public ScaResult {
        dependencies = List.copyOf(dependencies);
        matches = List.copyOf(matches);
        detections = List.copyOf(detections);
    }
}
