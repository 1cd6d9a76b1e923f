package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.MalformedFileException;

/** Thrown by a parser for content it cannot read; the dispatcher turns it into a scan warning. */
final class MalformedManifestException extends MalformedFileException {

    MalformedManifestException(String reason) {
        super(reason, 0);
    }

    MalformedManifestException(String reason, int line) {
        super(reason, line);
    }

    MalformedManifestException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
