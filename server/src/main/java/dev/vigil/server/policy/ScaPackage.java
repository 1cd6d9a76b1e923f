package dev.vigil.server.policy;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.Optional;

/**
 * The package and version of a dependency finding. The dependency engine's identity is
 * {@code <ecosystem>:<name>} and its description starts {@code "<name> <version> ("} (ScaScanner.detection).
 */
record ScaPackage(Ecosystem ecosystem, String name, String version) {

    static Optional<ScaPackage> of(Detection d) {
        int colon = d.identity().indexOf(':');
        if (d.kind() != ScanKind.SCA || colon < 0) {
            return Optional.empty();
        }
        Optional<Ecosystem> ecosystem = Ecosystem.ofOsv(d.identity().substring(0, colon));
        String name = d.identity().substring(colon + 1);
        String prefix = name + " ";
        int end = d.description().indexOf(" (", prefix.length());
        if (ecosystem.isEmpty() || !d.description().startsWith(prefix) || end < 0) {
            return Optional.empty();
        }
        return Optional.of(new ScaPackage(ecosystem.get(), name, d.description().substring(prefix.length(), end)));
    }
}
