package dev.vigil.server.decisions;

import dev.vigil.server.scan.sca.CycloneDx;
import dev.vigil.server.scan.sca.Ecosystem;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The package and version of an SCA finding. The findings table keeps no package column: the description
 * that {@code ScaScanner.detection} writes ({@code NAME VERSION (ECOSYSTEM) is affected by …}) is where they
 * are, and this is the one place that reads them back (docs/adr/0052-decisions-across-projects.md).
 */
public record ScaPackage(Ecosystem ecosystem, String name, String version) {

    private static final Pattern DESCRIPTION = Pattern.compile("^(\\S+) (\\S+) \\(([^)\\s]+)\\) is affected by ");

    public static Optional<ScaPackage> ofDescription(String description) {
        Matcher m = DESCRIPTION.matcher(description == null ? "" : description);
        if (!m.find()) {
            return Optional.empty();
        }
        return Ecosystem.ofOsv(m.group(3)).map(e -> new ScaPackage(e, m.group(1), m.group(2)));
    }

    /** The package URL of this version, as the SBOM writes it. */
    public String purl() {
        return CycloneDx.purl(ecosystem, name, version);
    }
}
