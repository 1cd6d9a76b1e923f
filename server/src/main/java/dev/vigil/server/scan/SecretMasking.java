package dev.vigil.server.scan;

/**
 * Masks the secrets of a file as the secrets engine's findings show them, so that the code kept around a
 * finding (its context) holds no secret in the clear (docs/adr/0057-finding-context-kept-at-scan-time.md).
 */
@FunctionalInterface
public interface SecretMasking {

    /**
     * The file's text with every secret the secrets engine finds in it replaced by its masked form, each line
     * break of a secret kept, so that every line keeps its number.
     */
    String masked(SourceFile file);
}
