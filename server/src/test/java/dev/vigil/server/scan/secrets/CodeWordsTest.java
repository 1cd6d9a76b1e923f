package dev.vigil.server.scan.secrets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Names read as words; random tokens almost never do. */
class CodeWordsTest {

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int SAMPLES = 20_000;

    @ParameterizedTest
    @ValueSource(strings = {"PBEWithHmacSHA256AndAES_128", "SunTls12KeyMaterial", "X509Certificate", "OAuth2GrantType",
        "CKM_SSL3_MASTER_KEY_DERIVE_DH", "FIPS_140_2_LEVEL_3_OR_HIGHER", "my_oauth2ClientId", "pkcs8_priv_key_info_st",
        "AES/GCM/NoPadding", "RSA/ECB/OAEPWithSHA-256AndMGF1Padding", "x-amz-server-side-encryption-customer-key-MD5",
        "goog-k8s-cluster-name", "HexLengthBetween10And24", "merchantapi_accounts_v1beta"})
    void readsNamesAsWords(String name) {
        assertThat(CodeWords.matches(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"9s50gShl3NG6aTTuJtgj580bWG2jqvdy", "UTvmjbwFn1NADzqg8_0uCQPi1XqHpQ",
        "f9SIzOXvfltNlGm5FuKaHI7lezqAn7K7TzAgYhWz", "9557fad3a0275da965ecea32b52b492da9d201465a1b06e9",
        "io1j4l509wpji1l", "sxciglxqy5xrxpb"})
    void doesNotReadTokensAsWords(String token) {
        assertThat(CodeWords.matches(token)).isFalse();
    }

    @Test
    void almostNeverReadsRandomBase62StringsAsWords() {
        Random random = new Random(29);
        assertThat(wordsAmong(random, 32)).isZero();
        assertThat(wordsAmong(random, 16)).isLessThan(SAMPLES / 100);
    }

    private static int wordsAmong(Random random, int length) {
        int words = 0;
        for (int i = 0; i < SAMPLES; i++) {
            StringBuilder token = new StringBuilder(length);
            for (int k = 0; k < length; k++) {
                token.append(BASE62.charAt(random.nextInt(BASE62.length())));
            }
            words += CodeWords.matches(token.toString()) ? 1 : 0;
        }
        return words;
    }
}
