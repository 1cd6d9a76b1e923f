package dev.vigil.server.testing;

import java.util.Random;
import java.util.zip.CRC32;

/**
 * GitHub tokens the secrets engine accepts: a prefix, 30 random characters and the six base62 digits of
 * their CRC32, as GitHub's token format has it (the engine drops a token whose checksum does not hold).
 */
public final class GitHubTokens {

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int ENTROPY = 30;

    private GitHubTokens() {
    }

    /** A personal access token ({@code ghp_}) of random characters drawn from {@code random}, with its checksum. */
    public static String random(Random random) {
        StringBuilder token = new StringBuilder("ghp_");
        for (int i = 0; i < ENTROPY; i++) {
            token.append(BASE62.charAt(random.nextInt(BASE62.length())));
        }
        return withChecksum(token.toString());
    }

    /** {@code token} (a prefix such as {@code ghp_} and at least 30 characters) cut to 30 and given its checksum. */
    public static String withChecksum(String token) {
        int start = token.indexOf('_') + 1;
        String entropy = token.substring(start, start + ENTROPY);
        CRC32 crc = new CRC32();
        entropy.chars().forEach(crc::update);
        long value = crc.getValue();
        char[] digits = new char[6];
        for (int i = digits.length - 1; i >= 0; i--) {
            digits[i] = BASE62.charAt((int) (value % BASE62.length()));
            value /= BASE62.length();
        }
        return token.substring(0, start) + entropy + new String(digits);
    }
}
