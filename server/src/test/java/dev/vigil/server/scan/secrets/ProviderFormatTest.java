package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Provider rules check what the provider's format guarantees, each with a token that has it and one of the
 * same shape that does not; and the value judgements that tell documentation from secrets.
 */
class ProviderFormatTest {

    private static final SecretsScanner SCANNER = new SecretsScanner();

    @Test
    void reportsStripeKeysOnlyInTheirTestOrLiveMode() {
        assertThat(rules("settings.py", "STRIPE_KEY = 'sk_live_7xkH0TXn9ti806nBucEJZXDi'")).contains("stripe-access-token");
        assertThat(rules("settings.py", "key = 'rk_test_diDSuWNxdiwWJ8VrWSoQjp6OoE7BlaZI'")).contains("stripe-access-token");
        assertThat(rules("settings.py", "STRIPE_KEY = 'sk_prod_7xkH0TXn9ti806nBucEJZXDi'")).doesNotContain("stripe-access-token");
    }

    @Test
    void reportsSendGridKeysWithTheirIdAndSecretInPlace() {
        assertThat(rules("mail.env", "SENDGRID=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"))
                .contains("sendgrid-api-token");
        assertThat(rules("mail.env", "SENDGRID=SG.jH66W7gjJ3Qc6sXLxx-sHEH0t.AmD1fp580czz1NrogXkcW18u1GqZQ2y3J5olPyh6"))
                .doesNotContain("sendgrid-api-token");
    }

    @Test
    void reportsMailchimpKeysOfEveryDataCentreButNoLongerSuffix() {
        assertThat(rules("mail.env", "MAILCHIMP_KEY=3f8a9c1e5b7d2049e6a1c8f3b5d7e902-us6")).contains("mailchimp-api-key");
        assertThat(rules("mail.env", "MAILCHIMP_KEY=3f8a9c1e5b7d2049e6a1c8f3b5d7e902-us21")).contains("mailchimp-api-key");
        assertThat(rules("mail.env", "MAILCHIMP_KEY=3f8a9c1e5b7d2049e6a1c8f3b5d7e902-us612")).doesNotContain("mailchimp-api-key");
    }

    @Test
    void reportsFineGrainedGitHubTokensOnlyWithTheUnderscoreAfterTheirId() {
        String token = "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";
        assertThat(rules("ci.env", "GH_PAT=" + token)).contains("github-fine-grained-pat");
        assertThat(rules("ci.env", "GH_PAT=" + token.replace("WZ_AQ", "WZaAQ"))).doesNotContain("github-fine-grained-pat");
    }

    @Test
    void reportsSlackWebhooksWithWorkspaceWebhookAndA24CharacterSecret() {
        String webhook = "https://hooks.slack.com/services/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";
        assertThat(rules("notify.env", "SLACK_URL=" + webhook)).contains("slack-webhook-url");
        assertThat(rules("notify.env", "SLACK_URL=" + webhook.substring(0, webhook.length() - 2)))
                .doesNotContain("slack-webhook-url");
        assertThat(rules("notify.env", "SLACK_URL=" + webhook.replace("/T1XY", "/X1XY"))).doesNotContain("slack-webhook-url");
    }

    @Test
    void reportsAgeSecretKeysOnlyWhenTheirBech32ChecksumHolds() {
        String key = "AGE-SECRET-KEY-1WUEDQ2RCVHZSUMAWPJRP5WAYEYZS7TNC4AX7DEHRS2L5QC6Q0UWQCX4JPK";
        assertThat(TokenChecksum.BECH32.holds(key)).isTrue();
        assertThat(TokenChecksum.BECH32.holds(key.substring(0, key.length() - 1) + "Q")).isFalse();
        assertThat(rules("keys.txt", key)).containsExactly("age-secret-key");
        assertThat(rules("keys.txt", key.substring(0, key.length() - 1) + "Q")).isEmpty();
    }

    @Test
    void reportsAtlassianApiTokensOfAnyLengthOnlyWhenTheirCrc32Holds() {
        String token = "ATATT3ZWzwDFrlGXl_z1BVXBt7wRkl8OZfIa2AUk7z7gTqBu4wweocv81k2lsNaWQrZzhB4GZqT8hqt0pmpsLww0sAO-DGpUxjKbgRBW"
                + "ZRZX1VlxeVZ4DNCNnOBFXL=59D0F9EF";
        assertThat(TokenChecksum.CRC32_HEX.holds(token)).isTrue();
        assertThat(rules("jira.env", "JIRA_API_TOKEN=" + token)).contains("atlassian-cloud-api-token");
        assertThat(rules("jira.env", "JIRA_API_TOKEN=" + token.replace("=59D0F9EF", "=59D0F9EE")))
                .doesNotContain("atlassian-cloud-api-token");
        assertThat(rules("jira.env", "JIRA_API_TOKEN=" + token.replace("ZWzw", "ZWzv")))
                .doesNotContain("atlassian-cloud-api-token");
    }

    @Test
    void reportsGrafanaServiceAccountTokensOnlyWhenTheirChecksumHolds() {
        String token = "glsa_SoJGr297EYx8ZXnd1mof4efXgMxhV8az_fe61507e";
        assertThat(TokenChecksum.CRC32_HEX_LE.holds(token)).isTrue();
        assertThat(rules("grafana.ini", "token = " + token)).contains("grafana-service-account-token");
        assertThat(rules("grafana.ini", "token = " + token.replace("SoJG", "SoJH"))).doesNotContain("grafana-service-account-token");
        assertThat(rules("grafana.ini", "token = " + token.toUpperCase(Locale.ROOT)))
                .doesNotContain("grafana-service-account-token");
    }

    @Test
    void reportsGrafanaApiKeysOnlyWhenTheyDecodeToTheJsonGrafanaWrites() {
        String key = "eyJrIjoiakREOFhsVHpVd0JHWmhJaGZWRHFkUTdQOG52b3QxWG4iLCJuIjoiZ3JhZmFuYT5+b3BzIiwiaWQiOjN9";
        String shapeOnly = "eyJrIjoiKx1QCCXPPDl8IqZRRahH6e8HxuwKEY0u9k3chRiASp6G09B9uxRFdB9QWP0nZblM9XC3GTH2YBDtaqna";
        assertThat(TokenChecksum.GRAFANA_KEY.holds(key)).isTrue();
        assertThat(rules("grafana.env", "GF_API_KEY=" + key)).contains("grafana-api-key");
        assertThat(rules("grafana.env", "GF_API_KEY=" + shapeOnly)).doesNotContain("grafana-api-key");
    }

    @Test
    void reportsShopifyTokensOfExactlyThirtyEightCharacters() {
        assertThat(rules("shop.env", "SHOPIFY_TOKEN=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")).contains("shopify-access-token");
        assertThat(rules("shop.env", "SHOPIFY_TOKEN=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e9"))
                .doesNotContain("shopify-access-token");
        assertThat(rules("shop.env", "SHOPIFY_TOKEN=x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")).doesNotContain("shopify-access-token");
    }

    @Test
    void reportsDigitalOceanRefreshTokensOnlyWithTheDocumentedLowerCasePrefix() {
        String hex = "5d0c7e1a9f3b2486c1e07a4d9b3f628e0a7c5d1b9e4f3a2860c7d1e5b9a3f402";
        assertThat(rules("do.env", "REFRESH=dor_v1_" + hex)).contains("digitalocean-refresh-token");
        assertThat(rules("do.env", "REFRESH=DOR_V1_" + hex)).doesNotContain("digitalocean-refresh-token");
    }

    @Test
    void reportsTelegramBotTokensWhoseBotIdIsANumberOfAtMostSixteenDigits() {
        String secret = "AAF3kq9ZpW2xLr7Tn5bVc8HdYs1Mg4JeQo0";
        assertThat(rules("bot.env", "TELEGRAM_BOT_TOKEN=7204583149:" + secret)).contains("telegram-bot-api-token");
        assertThat(rules("bot.env", "TELEGRAM_BOT_TOKEN=0204583149:" + secret)).doesNotContain("telegram-bot-api-token");
        assertThat(rules("bot.env", "TELEGRAM_BOT_TOKEN=72045831491234567:" + secret)).doesNotContain("telegram-bot-api-token");
    }

    @Test
    void reportsGoogleServiceAccountKeysOnlyWhenThePrivateKeyIsDer() {
        String file = "{\"type\": \"service_account\", \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n%s\\n"
                + "-----END PRIVATE KEY-----\\n\"}";
        String der = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDJq8vX2m4TzL0p";
        String filler = "TheKeyGoesHereCopyItFromTheConsoleAndNeverCommitItToTheRepository";
        assertThat(rules("sa.json", file.formatted(der))).contains("gcp-service-account-key");
        assertThat(rules("sa.json", file.formatted(filler))).doesNotContain("gcp-service-account-key");
    }

    @Test
    void ignoresTokensSignedWithAKeyThatDocumentationPublishes() {
        String signedWithSecret = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzY29wZSI6ImRlbW8ifQ"
                + ".taFBC2ivICEzp-nehqUYPPnwZjHR2udniXUsNOf_EaE";
        String signedWithOther = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzY29wZSI6ImRlbW8ifQ"
                + ".Yq0Qm3CkR7dZ1vN8pXs4LwT9hB2fJ6uE5aG0iKyHcVo";
        assertThat(JwtExample.signedWithPublishedKey(signedWithSecret)).isTrue();
        assertThat(JwtExample.signedWithPublishedKey(signedWithOther)).isFalse();
        assertThat(rules("README.md", "Authorization: Bearer " + signedWithSecret)).isEmpty();
        assertThat(rules("README.md", "Authorization: Bearer " + signedWithOther)).contains("jwt");
    }

    @Test
    void ignoresAPlaceholderTypedAsARunOfTheAlphabet() {
        String placeholder = "sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56aaaogaop"
                + "aaaabc123xyzAA";
        String random = "sk-ant-api03-Rk2Vd9QmZ4xT7bHnL1sW8cJpF3yGaE6uKo0NiMtB5vXqY2hDzCl7fSgW4rUe9jPw1AoTn3KbHm6Lx8QsVdZa"
                + "c5Ry0EkGuAA";
        assertThat(GlobalAllowlist.hasAlphabetRun("klmnopqr")).isTrue();
        assertThat(GlobalAllowlist.hasAlphabetRun("klmnopq")).isFalse();
        assertThat(rules("ai.env", "ANTHROPIC_API_KEY=" + placeholder)).isEmpty();
        assertThat(rules("ai.env", "ANTHROPIC_API_KEY=" + random)).contains("anthropic-api-key");
    }

    @Test
    void skipsTheAwsSdksApiExamples() {
        String example = "{\"ClientSecret\": \"13kx4h7u28d9oo44tqpq9djqsfvhvu8rk4d2ighvpu0k8fj1c2r9\"}";
        assertThat(rules("aws-sdk/apis/cognito-idp-2016-04-18.examples.json", example)).isEmpty();
        assertThat(rules("config/cognito.json", example)).contains("generic-api-key");
    }

    private static List<String> rules(String path, String text) {
        return SCANNER.scanFile(new SourceFile(path, text.getBytes(StandardCharsets.UTF_8))).stream()
                .map(Detection::ruleId).toList();
    }
}
