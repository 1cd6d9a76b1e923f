package dev.vigil.server.scan.sca;

import java.util.Objects;

/**
 * One resolved package version found in a manifest or lockfile.
 *
 * @param name         the package name as its ecosystem spells it: {@code lodash}, {@code @babel/core},
 *                     {@code org.apache.logging.log4j:log4j-core} (Maven: groupId:artifactId),
 *                     {@code django} (PyPI: PEP 503 normalised), {@code github.com/gin-gonic/gin}
 * @param manifestPath the archive path of the file it was found in
 * @param line         1-based line of the dependency's entry in that file
 * @param direct       declared by the project itself (manifest or lockfile root), not pulled in transitively
 * @param dev          a development-only dependency (devDependencies, dev groups, test scope)
 * @param path         the shortest chain from the project's root to this package in the lockfile's graph, or
 *                     {@link DependencyPath#NONE} when the manifest has none
 */
public record Dependency(Ecosystem ecosystem, String name, String version, String manifestPath, int line,
                         boolean direct, boolean dev, DependencyPath path) {

    public Dependency {
        Objects.requireNonNull(ecosystem, "ecosystem");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(manifestPath, "manifestPath");
        line = Math.max(1, line);
        path = path == null ? DependencyPath.NONE : path;
    }

    /** A dependency of a manifest without a graph. */
    public Dependency(Ecosystem ecosystem, String name, String version, String manifestPath, int line,
                      boolean direct, boolean dev) {
        this(ecosystem, name, version, manifestPath, line, direct, dev, DependencyPath.NONE);
    }

    /** This dependency reached through {@code chain}. */
    public Dependency withPath(DependencyPath chain) {
        return new Dependency(ecosystem, name, version, manifestPath, line, direct, dev, chain);
    }
}
