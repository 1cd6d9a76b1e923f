package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.Fingerprints;

/**
 * What may be kept of a secret: its masked form and the hex SHA-256 of its value, which stays in the engine
 * (a finding shows only its keyed hash, {@link dev.vigil.server.scan.SecretDigest}). The value itself is
 * never kept: this record is built from it and drops it.
 */
record MaskedSecret(String masked, String sha256) {

    static final String MASK = "****";

    static MaskedSecret of(CharSequence secret) {
        return new MaskedSecret(mask(secret), Fingerprints.sha256Hex(secret.toString()));
    }

    /**
     * The first four characters and {@code ****}; a secret shorter than 12 characters shows only its first
     * two, and one shorter than 6 none, so that the mask never gives away a large part of a short secret.
     */
    static String mask(CharSequence secret) {
        int length = secret.length();
        int shown = length >= 12 ? 4 : length >= 6 ? 2 : 0;
        return secret.subSequence(0, shown) + MASK;
    }

    @Override
    public String toString() {
        return masked;
    }
}
