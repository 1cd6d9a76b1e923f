package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generic rules judge the value, not only the name: lines from real code bases with no secret in them,
 * each of which the generic rules reported before they did, and the secrets beside them they still report.
 */
class GenericValueJudgementTest {

    private static final SecretsScanner SCANNER = new SecretsScanner();

    @ParameterizedTest
    @ValueSource(strings = {
        "        keyMaterialAlg = \"SunTls12KeyMaterial\";",
        "    PKCS8_PRIV_KEY_INFO = pkcs8_priv_key_info_st",
        "            boolean signFlag, PublicKey prevKey, X509Certificate prevCert,",
        "    inputFileKey: RegistryS3KeyName;",
        "    oAuth2GrantType: OAuth2GrantType;",
        "    WrappedKeyBlock: Tr34WrappedKeyBlock;",
        "    KeySerialNumber: HexLengthBetween10And24;",
        "    permits AESPBEKeyInfo, PBKDF2KeyInfo, P12MacPBEKeyInfo {",
        "    SSECustomerKey: 'x-amz-server-side-encryption-customer-key-MD5',",
        "})(merchantapi_accounts_v1beta || (exports.merchantapi_accounts_v1beta = merchantapi_accounts_v1beta = {}));",
        "Tracking labels' keys are defined with special format. E.g. \"key\": \"goog-k8s-cluster-name\",\"value\": \"us\"",
    })
    void ignoresCode(String line) {
        assertThat(findings(line, "Code.java")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "        ps(\"SecretKeyFactory\", \"PBEWithHmacSHA256AndAES_128\",",
        "        psA(\"SecretKeyFactory\", \"PBKDF2WithHmacSHA1\",",
        "        ps(\"SecretKeyFactory\", \"PBKDF2WithHmacSHA512/224\",",
        "                CKM_SSL3_MASTER_KEY_DERIVE : CKM_SSL3_MASTER_KEY_DERIVE_DH;",
        "        addMech(CKM_SHA512_224_KEY_DERIVATION,  \"CKM_SHA512_224_KEY_DERIVATION\");",
    })
    void ignoresAlgorithmAndCipherNames(String line) {
        assertThat(findings(line, "Provider.java")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "  \"PWD\": \"/Users/maciej\",",
        "     *     // Required. The name of the API to delete. Format: `projects/x/locations/x/apis/x`",
        "    path = join(pwd, './data/pcg64-testset-1.csv')",
        "    passwordRecovery: \"https://accounts.contoso.net/recover/start\"",
    })
    void ignoresPathsAndUrlsWithoutCredentials(String line) {
        assertThat(findings(line, "paths.ts")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "    proxy_url=\"socks5h://<username>:<password>@proxy-host\"",
        "    \"oauth2ClientId\": \"my_oauth2ClientId\",",
    })
    void ignoresPlaceholders(String line) {
        assertThat(findings(line, "example.py")).isEmpty();
    }

    @Test
    void ignoresDigestsInAFieldThatNamesThem() {
        String line = "\"key_sha256\": \"bb16d4e5f3a8c2719e0b4d6a8f2c1e3b5d7f9a0c2e4b6d8f1a3c5e7b9d0f2a4c\"";
        assertThat(findings(line, "manifest.json")).isEmpty();
        assertThat(findings("\"api_key\": \"bb16d4e5f3a8c2719e0b4d6a8f2c1e3b5d7f9a0c2e4b6d8f1a3c5e7b9d0f2a4c\"",
                "manifest.json")).isNotEmpty();
    }

    @Test
    void ignoresTextInOtherLanguages() {
        assertThat(findings("        { \"key.password\", \"Schl\\u00FCsselkennwort\" },", "Messages_de.java")).isEmpty();
    }

    @Test
    void ignoresPublicKeys() {
        String line = "key: \"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1Olb3zMAFFxXKHiIkQO5cJ3Yhl5i6UPp+IhuteBJbuHcA5UogKo0"
                + "EWtlWwW6KSaKoTNEYL7JlCQiVnkhBktUgg==\"";
        assertThat(findings(line, "keys.js")).isEmpty();
    }

    @Test
    void ignoresValuesTooShortOrTooPlainToBeSecrets() {
        assertThat(findings("password = \"aB3$aB3$aB3$\"", "app.py")).isEmpty();
        assertThat(findings("api_token = \"a8Fk2\"", "app.py")).isEmpty();
    }

    @Test
    void anAssignmentNeverSpansANewline() {
        assertThat(findings("GITHUB_API_KEY=\nDYNATRACE_API_KEY=\n", ".env")).isEmpty();
        assertThat(findings("snowflake.password=\njdbc.snowflake.url=jdbc:snowflake://acme.snowflakecomputing.com\n",
                "app.properties")).isEmpty();
        assertThat(findings("api_key:\n  9s50gShl3NG6aTTuJtgj580bWG2jqvdy\n", "config.yaml")).isEmpty();
    }

    @Test
    void neverReportsAnEmptyValue() {
        assertThat(findings("api_key = \"\"\nclient_secret = ''\npassword=\ntoken:\n", "settings.py")).isEmpty();
        assertThat(findings("client_secret=\nclient_id=8f2b1c9d7e6a5f4b3c2d1e0f9a8b7c6d\n", ".env")).isEmpty();
    }

    @Test
    void stillReportsRandomSecretsUnderTheSameNames() {
        assertThat(findings("keyMaterialAlg = \"9s50gShl3NG6aTTuJtgj580bWG2jqvdy\";", "Code.java")).isNotEmpty();
        assertThat(findings("client_secret = \"UTvmjbwFn1NADzqg8_0uCQPi1XqHpQ\"", "app.py")).isNotEmpty();
        assertThat(findings("db_password = \"86bBefQkLobD!\"", "app.py")).isNotEmpty();
        assertThat(findings("PWD=\"86bBefQkLobD!\"", ".env")).isNotEmpty();
    }

    private static List<Detection> findings(String text, String path) {
        return SCANNER.scanFile(new SourceFile(path, text.getBytes(StandardCharsets.UTF_8)));
    }
}
