package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.sca.Dependency;

import java.io.IOException;
import java.util.List;

/**
 * Reads the dependencies of one manifest or lockfile. MAY throw {@link MalformedManifestException} or
 * {@link IOException} for malformed content (the caller reports it); MUST NOT touch the network or the file
 * system; MAY read sibling files only through {@link ManifestFiles}.
 */
@FunctionalInterface
interface ManifestParser {

    List<Dependency> parse(SourceFile file, ManifestFiles files) throws IOException;
}
