package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The keyed hash (HMAC-SHA256) that stands for a secret wherever one is stored or shown: in its finding's
 * fingerprint, in SARIF and in the database. Its key is derived from the installation's secret key (the one
 * that seals SCM tokens, shared by every node), so the hash of a short secret cannot be guessed offline by
 * whoever reads a fingerprint.
 */
public final class SecretDigest {

    private static final String LABEL = "vigil secret fingerprints v1";
    private static final String ALGORITHM = "HmacSHA256";
    private static final SecretDigest EPHEMERAL = new SecretDigest(random());

    private final SecretKeySpec key;

    private SecretDigest(byte[] key) {
        this.key = new SecretKeySpec(key, ALGORITHM);
    }

    /** The digest under a key derived from {@code installationKey} (its own key, not the sealing key itself). */
    public static SecretDigest under(byte[] installationKey) {
        return new SecretDigest(new SecretDigest(installationKey).mac(LABEL.getBytes(StandardCharsets.US_ASCII)));
    }

    /** A digest under a key of this process only, for an engine outside a server (tests, benchmarks). */
    public static SecretDigest ephemeral() {
        return EPHEMERAL;
    }

    /** The hex HMAC of {@code text}. */
    public String hex(String text) {
        return HexFormat.of().formatHex(mac(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** The identity of a secret finding: the keyed hash of the fingerprint its secret's plain SHA-256 gives. */
    public String secretIdentity(String ruleId, String path, String secretSha256) {
        return hex(Fingerprints.of(ScanKind.SECRETS, ruleId, path, secretSha256));
    }

    private byte[] mac(byte[] input) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(input);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has HmacSHA256", e);
        }
    }

    private static byte[] random() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    @Override
    public String toString() {
        return "SecretDigest[HMAC-SHA256]";
    }
}
