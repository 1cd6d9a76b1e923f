package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GitHub's and npm's tokens end in the base62 CRC32 of their 30 random characters, Atlassian's API tokens in the
 * hex CRC32 of what precedes it, Grafana's service account tokens in the hex CRC32 of their prefix and secret,
 * least significant byte first: a token whose checksum holds is reported by its provider's rule, and the same
 * token with one character changed is not. The tokens below were made for this test (random characters and
 * their checksum), outside Vigil's code.
 */
class TokenChecksumTest {

    private static final SecretsScanner SCANNER = new SecretsScanner();

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "github-pat, 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",
        "github-oauth, 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",
        "github-app-token, ghu_rpjlDlLs56aTq5wooY6HSenwZ7MxX336kr0E",
        "github-app-token, ghs_rrnPmbycXFEaUPl8npO0y23Ve2lMmR34gBCR",
        "github-refresh-token, 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",
        "npm-access-token, 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",
        "atlassian-cloud-api-token, ATATT3haD0kyxspHDn-Ka7-WxYmhGAl9ZA2PT38zEtOG6OZr9cArCbM2iC-ScT8nopEel62EXo0fi_p3svcRRhPvL_IIgME-MoKML_oZXunRubynmvFjNhUgWxmvuloOowaSlOA31veP8jxWv8h2VoqNVHgxNZRUWZF0X9zx20zshFF7--ZQ5q-GuZY23=3F4B3769",
        "grafana-service-account-token, glsa_ho4PAAANvkYfQv9NomBbjl2y4y5qtO2o_2d078387",
    })
    void reportsATokenWhoseChecksumHoldsAndNotTheSameTokenWithOneCharacterChanged(String rule, String token) {
        assertThat(ruleIds("deploy with " + token + " today")).containsExactly(rule);
        for (int position : new int[] {4, 20, token.length() - 1}) {
            assertThat(ruleIds("deploy with " + changed(token, position) + " today"))
                    .as("%s with character %d changed", token, position).isEmpty();
        }
    }

    @Test
    void checksGitHubsPublishedExampleToken() {
        assertThat(TokenChecksum.CRC32_BASE62.holds("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")).isTrue();
        assertThat(TokenChecksum.CRC32_BASE62.holds("ghp_zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ0mLq18")).isFalse();
    }

    @Test
    void readsGrafanasChecksumLeastSignificantByteFirstAndAtlassiansInUpperCase() {
        // the CRC32 of glsa_ and the 32 characters is 0xb79ddd7d; Grafana writes its bytes least significant first
        String grafana = "glsa_DhU4XgaOzyx7J3SdoVwgP4FmErxTM1cH_7ddd9db7";
        assertThat(TokenChecksum.CRC32_HEX_LE.holds(grafana)).isTrue();
        assertThat(TokenChecksum.CRC32_HEX_LE.holds(grafana.replace("_7ddd9db7", "_b79ddd7d"))).isFalse();
        assertThat(TokenChecksum.CRC32_HEX_LE.holds(grafana.replace("_7ddd9db7", "_7DDD9DB7"))).isFalse();
        String atlassian = "ATATT3ZWzwDFrlGXl_z1BVXBt7wRkl8OZfIa2AUk7z7gTqBu4wweocv81k2lsNaWQrZzhB4GZqT8hqt0pmpsLww0sAO"
                + "-DGpUxjKbgRBWZRZX1VlxeVZ4DNCNnOBFXL=59D0F9EF";
        assertThat(TokenChecksum.CRC32_HEX.holds(atlassian)).isTrue();
        assertThat(TokenChecksum.CRC32_HEX.holds(atlassian.replace("=59D0F9EF", "=59d0f9ef"))).isFalse();
        assertThat(TokenChecksum.CRC32_HEX.holds("=59D0F9EF")).isFalse();
    }

    @Test
    void padsTheChecksumToSixBase62Digits() {
        assertThat(TokenChecksum.base62(0)).isEqualTo("000000");
        assertThat(TokenChecksum.base62(61)).isEqualTo("00000z");
        assertThat(TokenChecksum.base62(0xFFFFFFFFL)).isEqualTo("4gfFC3");
    }

    private static String changed(String token, int position) {
        char c = token.charAt(position);
        return token.substring(0, position) + (c == 'A' ? 'B' : 'A') + token.substring(position + 1);
    }

    private static List<String> ruleIds(String text) {
        return SCANNER.scanFile(new SourceFile("deploy.sh", text.getBytes(StandardCharsets.UTF_8))).stream()
                .map(Detection::ruleId).toList();
    }
}
