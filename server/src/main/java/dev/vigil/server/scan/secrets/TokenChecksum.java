package dev.vigil.server.scan.secrets;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.zip.CRC32;

/**
 * The checksums that providers build into their tokens, by the name a rule gives in its {@code checksum}
 * key. {@code crc32-base62}: GitHub's tokens ({@code ghp_}, {@code gho_}, {@code ghu_}, {@code ghs_},
 * {@code ghr_}) and npm's ({@code npm_}) end in six base62 digits ({@code 0-9A-Za-z}, zero-padded) of the
 * CRC32 of the 30 characters between the prefix and them, as GitHub's and npm's announcements of the
 * formats describe. {@code bech32}: age's secret keys ({@code AGE-SECRET-KEY-1…}) are Bech32 strings (BIP 173),
 * whose last six characters are a BCH checksum of the human-readable part and the data, as the age format
 * specification (age-encryption.org/v1) says. {@code crc32-hex}: Atlassian's API tokens ({@code ATATT3…=}) end in
 * eight upper-case hex digits of the CRC32 of everything before them, the {@code =} included. {@code crc32-hex-le}:
 * Grafana's service account tokens ({@code glsa_…_}) end in eight lower-case hex digits of the CRC32 of the text
 * before the last {@code _}, its bytes least significant first, as Grafana's token generator writes them.
 * {@code grafana-key}: Grafana's API keys ({@code eyJrIjoi…}) have no checksum, but are the Base64 of the JSON its
 * key generator writes, {@code {"k":"<32 letters and digits>","n":"<name>","id":<organisation>}}. A string
 * of the right shape whose checksum does not hold was not issued by the provider
 * (docs/adr/0067-provider-rules-check-what-the-format-guarantees.md).
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
            return base62(crc32(secret, underscore + 1, end)).contentEquals(secret.subSequence(end, secret.length()));
        }
    },

    CRC32_HEX {
        @Override
        boolean holds(CharSequence secret) {
            int end = secret.length() - HEX_DIGITS;
            if (end < 1) {
                return false;
            }
            String expected = String.format(Locale.ROOT, "%08X", crc32(secret, 0, end));
            return expected.contentEquals(secret.subSequence(end, secret.length()));
        }
    },

    CRC32_HEX_LE {
        @Override
        boolean holds(CharSequence secret) {
            int end = secret.length() - HEX_DIGITS;
            if (end < 2 || secret.charAt(end - 1) != '_') {
                return false;
            }
            long crc = crc32(secret, 0, end - 1);
            String expected = String.format(Locale.ROOT, "%08x", Integer.reverseBytes((int) crc));
            return expected.contentEquals(secret.subSequence(end, secret.length()));
        }
    },

    GRAFANA_KEY {
        @Override
        boolean holds(CharSequence secret) {
            String json;
            try {
                json = new String(Base64.getDecoder().decode(secret.toString()), StandardCharsets.ISO_8859_1);
            } catch (IllegalArgumentException e) {
                return false;
            }
            int keyEnd = GRAFANA_KEY_START.length() + GRAFANA_KEY_CHARS;
            int id = json.lastIndexOf(GRAFANA_ID);
            if (!json.startsWith(GRAFANA_KEY_START) || !json.startsWith(GRAFANA_NAME, keyEnd) || id < keyEnd
                    || !json.endsWith("}") || id + GRAFANA_ID.length() >= json.length() - 1) {
                return false;
            }
            return allIn(json, GRAFANA_KEY_START.length(), keyEnd, DIGITS)
                    && allIn(json, id + GRAFANA_ID.length(), json.length() - 1, DIGITS.substring(0, 10));
        }
    },

    BECH32 {
        @Override
        boolean holds(CharSequence secret) {
            String text = secret.toString().toLowerCase(Locale.ROOT);
            int separator = text.lastIndexOf('1');
            if (separator < 1 || text.length() - separator - 1 < BECH32_CHECKSUM) {
                return false;
            }
            int check = 1;
            for (int i = 0; i < separator; i++) {
                check = bech32Step(check, text.charAt(i) >> 5);
            }
            check = bech32Step(check, 0);
            for (int i = 0; i < separator; i++) {
                check = bech32Step(check, text.charAt(i) & 31);
            }
            for (int i = separator + 1; i < text.length(); i++) {
                int value = BECH32_CHARSET.indexOf(text.charAt(i));
                if (value < 0) {
                    return false;
                }
                check = bech32Step(check, value);
            }
            return check == 1;
        }
    };

    private static final String BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
    private static final int[] BECH32_GENERATOR = {0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3};
    private static final int BECH32_CHECKSUM = 6;

    private static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int CHECKSUM_DIGITS = 6;
    private static final int ENTROPY_CHARS = 30;
    private static final int HEX_DIGITS = 8;
    private static final String GRAFANA_KEY_START = "{\"k\":\"";
    private static final String GRAFANA_NAME = "\",\"n\":\"";
    private static final String GRAFANA_ID = ",\"id\":";
    private static final int GRAFANA_KEY_CHARS = 32;

    /** Whether the secret's own checksum is right. */
    abstract boolean holds(CharSequence secret);

    /** Whether every character of {@code text} in {@code [from, to)} is one of {@code alphabet}. */
    private static boolean allIn(String text, int from, int to, String alphabet) {
        for (int i = from; i < to; i++) {
            if (alphabet.indexOf(text.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The CRC32 of the characters {@code [from, to)} of an ASCII token. */
    private static long crc32(CharSequence text, int from, int to) {
        CRC32 crc = new CRC32();
        for (int i = from; i < to; i++) {
            crc.update(text.charAt(i));
        }
        return crc.getValue();
    }

    /** One step of Bech32's checksum (BIP 173's polymod) over a five-bit value. */
    private static int bech32Step(int check, int value) {
        int top = check >>> 25;
        int next = ((check & 0x1ffffff) << 5) ^ value;
        for (int i = 0; i < BECH32_GENERATOR.length; i++) {
            if (((top >> i) & 1) != 0) {
                next ^= BECH32_GENERATOR[i];
            }
        }
        return next;
    }

    /** The check of a rule's {@code checksum} key: {@code crc32-base62}, {@code crc32-hex}, {@code crc32-hex-le}, {@code grafana-key}
     * or {@code bech32}. */
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
