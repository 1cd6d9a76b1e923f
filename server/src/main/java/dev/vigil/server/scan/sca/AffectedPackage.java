package dev.vigil.server.scan.sca;


import java.util.List;
import java.util.Objects;

/**
 * One {@code affected[]} entry of an OSV record: a package, its version ranges and explicit versions.
 *
 * @param name the package name normalised as {@link dev.vigil.server.scan.sca.Dependency} spells it
 */
public record AffectedPackage(Ecosystem ecosystem, String name, List<VersionRange> ranges, List<String> versions) {

    public AffectedPackage {
        Objects.requireNonNull(ecosystem, "ecosystem");
        Objects.requireNonNull(name, "name");
        ranges = List.copyOf(ranges);
        versions = List.copyOf(versions);
    }
}
