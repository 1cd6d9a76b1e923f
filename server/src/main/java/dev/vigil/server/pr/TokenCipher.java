package dev.vigil.server.pr;

import dev.vigil.server.store.SecretFile;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;

/**
 * Seals SCM tokens with AES-256-GCM. The key comes from configuration ({@code VIGIL_SECRET_KEY}, base64 of
 * 32 bytes) or from {@code secret-key} in the data directory, created with mode 0600 on first use. A sealed
 * token is {@code v1:} + base64(nonce ‖ ciphertext ‖ tag), bound to its project id (associated data), so a
 * sealed value copied to another project does not open. Several nodes must share the same key.
 */
public final class TokenCipher {

    public static final String KEY_FILE = "secret-key";
    private static final String PREFIX = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    TokenCipher(byte[] key) {
        if (key.length != 32) {
            throw new IllegalArgumentException("the secret key must be 32 bytes (256 bits), base64-encoded");
        }
        this.key = new SecretKeySpec(key, "AES");
    }

    /** The cipher over the configured key, else the key file in {@code dataDir} (created if absent). */
    public static TokenCipher load(Optional<String> configuredKey, Path dataDir) {
        return over(installationKey(configuredKey, dataDir));
    }

    /** The cipher over {@code key} (32 bytes). */
    public static TokenCipher over(byte[] key) {
        return new TokenCipher(key);
    }

    /**
     * The installation's secret key: the configured one ({@code VIGIL_SECRET_KEY}), else the key file in
     * {@code dataDir}, created if absent. Besides sealing SCM tokens, it keys the hashes of found secrets.
     */
    public static byte[] installationKey(Optional<String> configuredKey, Path dataDir) {
        if (configuredKey.isPresent()) {
            return checked(Base64.getDecoder().decode(configuredKey.get().strip()), "VIGIL_SECRET_KEY");
        }
        Path file = dataDir.resolve(KEY_FILE);
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        try {
            SecretFile.createIfAbsent(file, Base64.getEncoder().encodeToString(key) + "\n");
            return checked(Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).strip()),
                    file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the secret key in " + dataDir, e);
        }
    }

    private static byte[] checked(byte[] key, String source) {
        if (key.length != 32) {
            throw new IllegalStateException("the secret key in " + source + " is not 32 bytes (base64 of 256 bits): "
                    + "restore it from the backup, or delete the file for a new one (sealed SCM tokens must then be "
                    + "given again)");
        }
        return key;
    }

    public String seal(UUID projectId, String token) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, projectId);
            byte[] sealed = cipher.doFinal(token.getBytes(StandardCharsets.UTF_8));
            return PREFIX + Base64.getEncoder().encodeToString(ByteBuffer.allocate(nonce.length + sealed.length)
                    .put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** The token; {@link IllegalStateException} when it was sealed with another key or for another project. */
    public String open(UUID projectId, String sealed) {
        if (!sealed.startsWith(PREFIX)) {
            throw new IllegalStateException("unknown sealed token format");
        }
        byte[] bytes = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, Arrays.copyOf(bytes, NONCE_BYTES), projectId);
            return new String(cipher.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the SCM token cannot be decrypted: was the secret key changed?");
        }
    }

    private Cipher cipher(int mode, byte[] nonce, UUID projectId) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(projectId.toString().getBytes(StandardCharsets.US_ASCII));
        return cipher;
    }

    @Override
    public String toString() {
        return "TokenCipher[AES-256-GCM]";
    }
}
