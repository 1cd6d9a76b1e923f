package dev.vigil.server.scan.sca.parsers;

/** Thrown by a parser for content it cannot read; the dispatcher turns it into a scan warning. */
final class MalformedManifestException extends RuntimeException {

    MalformedManifestException(String message) {
        super(message, null, false, false);
    }
}
