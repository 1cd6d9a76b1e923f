package dev.vigil.server.scan.secrets;

import java.util.Locale;
import java.util.zip.CRC32;

/**
 * The checksums that providers build into their tokens, by the name a rule gives in its {@code checksum}
 * key. {@code crc32-base62}: GitHub's tokens ({@code ghp_}, {@code gho_}, {@code ghu_}, {@code ghs_},
 * {@code ghr_}) and npm's ({@code npm_}) end in six base62 digits ({@code 0-9A-Za-z}, zero-padded) of the
 * CRC32 of the 30 characters between the prefix and them, as GitHub's and npm's announcements of the
 * formats describe. A string of the right shape whose checksum does not hold was not issued by the provider.
 */
enum TokenChecksum {

    CRC32_BASE62 {
        @Override
        boolean holds(CharSequence secret) {
            int underscore = indexOf(secret, '_');
            int end = secret.length() - CHECKSUM_DIGITS;
            if (underscore < 0 || end - (underscore + 1) != ENTROPY_CHARS) {
                return false;
            }
            CRC32 crc = new CRC32();
            for (int i = underscore + 1; i < end; i++) {
                crc.update(secret.charAt(i));
            }
            return base62(crc.getValue()).contentEquals(secret.subSequence(end, secret.length()));
        }
    };

    private static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int CHECKSUM_DIGITS = 6;
    private static final int ENTROPY_CHARS = 30;

    /** Whether the secret's own checksum is right. */
    abstract boolean holds(CharSequence secret);

    /** The checksum of a rule's {@code checksum} key: {@code crc32-base62}. */
    static TokenChecksum named(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    static String base62(long value) {
        char[] digits = new char[CHECKSUM_DIGITS];
        long rest = value;
        for (int i = CHECKSUM_DIGITS - 1; i >= 0; i--) {
            digits[i] = DIGITS.charAt((int) (rest % DIGITS.length()));
            rest /= DIGITS.length();
        }
        return new String(digits);
    }

    private static int indexOf(CharSequence text, char c) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == c) {
                return i;
            }
        }
        return -1;
    }
}
