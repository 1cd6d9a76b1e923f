package dev.vigil.server.scan;

import java.util.List;
import java.util.Objects;

/**
 * What an SCA detection adds about its package (docs/adr/0058-dependency-paths-and-remediation.md).
 *
 * @param path        the chain from the project's root to the package as {@code name@version} steps, two for a
 *                    direct dependency; empty when the manifest has no graph
 * @param remediation one sentence saying what fixes it in the project's own tool
 */
public record DependencyDetail(List<String> path, String remediation) {

    public DependencyDetail {
        path = List.copyOf(path);
        Objects.requireNonNull(remediation, "remediation");
    }
}
