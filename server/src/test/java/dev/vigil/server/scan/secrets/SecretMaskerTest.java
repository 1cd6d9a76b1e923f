package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.testing.GitHubTokens;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class SecretMaskerTest {

    private static final SecretsScanner SCANNER = new SecretsScanner();
    private static final String KEY = "-----BEGIN RSA PRIVATE KEY-----\n"
            + "EWCdDht2LzpyKMAwSp3Kpu1cynvmUh5r25ObtTKzTQS3xL2QLfWXWV89qEH1a1pw\n"
            + "H2pKj/wtk/cWlJKv9s6+CTPAGDg28e7ANN6G8hvi2oQH1+zXQiunKTkutm4WkQ2k\n"
            + "-----END RSA PRIVATE KEY-----";

    private static String masked(String path, String text) {
        return SCANNER.masked(new SourceFile(path, text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void masksEachSecretAsItsFindingDoes() {
        String token = GitHubTokens.withChecksum("ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy");
        String text = "A=" + token + "\nB=plain\n";

        String masked = masked(".env", text);

        String description = SCANNER.scanFile(new SourceFile(".env", text.getBytes(StandardCharsets.UTF_8)))
                .getFirst().description();
        assertThat(masked).isEqualTo("A=ghp_****\nB=plain\n");
        assertThat(description).endsWith(" ghp_****");
    }

    @Test
    void aSecretOverSeveralLinesKeepsTheirLineBreaksSoNoLineMoves() {
        String text = "before\n" + KEY + "\nafter\n";

        String masked = masked("keys/id_rsa.txt", text);

        assertThat(masked).isEqualTo("before\n----****\n\n\n\nafter\n");
        assertThat(masked.lines().count()).isEqualTo(text.lines().count());
        assertThat(masked).doesNotContain("EWCdDht2").doesNotContain("H2pKj");
    }

    @Test
    void aFileTheEngineSkipsIsReturnedAsItIs() {
        assertThat(masked("web/package-lock.json", "{\"a\": 1}\n")).isEqualTo("{\"a\": 1}\n");
    }
}
