package dev.vigil.server.bench;

import dev.vigil.server.testing.GitHubTokens;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Plants realistic secrets (GitHub, AWS, Slack, Stripe, GitLab tokens with random bodies) into a generated
 * source tree: one in each run of {@code interval} files, in a file the scan reads, up to {@code wanted}. Its
 * own random numbers keep the rest of the tree as {@link ArchiveBench} generates it.
 */
final class PlantedSecrets implements ArchiveBench.FileHook {

    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    private static final Pattern SKIPPED_DIRECTORY = Pattern.compile(
            "(?:^|/)(?:\\.git|node_modules|vendor|\\.terraform|target|dist|build)/");

    private final Random random;
    private final int wanted;
    private final int interval;
    private int planted;
    private int nextSlot;

    /** {@code wanted} secrets spread over about {@code expectedFiles} files. */
    PlantedSecrets(int wanted, int expectedFiles, long seed) {
        this.random = new Random(seed);
        this.wanted = wanted;
        this.interval = Math.max(1, expectedFiles / wanted);
    }

    @Override
    public String apply(int index, String path, String content) {
        int slot = index / interval;
        if (planted >= wanted || slot < nextSlot || index % interval < interval / 2 || skipped(path)) {
            return content;
        }
        nextSlot = slot + 1;
        int afterDeclaration = content.indexOf(" {\n") + 3;
        String line = secretLine(planted++);
        return content.substring(0, afterDeclaration) + line + "\n" + content.substring(afterDeclaration);
    }

    /** Files the scan never reads (docs/adr/0007: build output and vendored directories) get no secret. */
    private static boolean skipped(String path) {
        return SKIPPED_DIRECTORY.matcher(path).find();
    }

    int planted() {
        return planted;
    }

    private String secretLine(int n) {
        return switch (n % 5) {
            case 0 -> "    private static final String GITHUB_TOKEN = \"" + githubToken(random) + "\";";
            case 1 -> "    String awsAccessKeyId = \"AKIA" + random(BASE32, 16) + "\";";
            case 2 -> "    slack.botToken = \"xoxb-" + digits(12) + "-" + digits(13) + "-" + random(ALNUM, 24) + "\";";
            case 3 -> "    Stripe.apiKey = \"sk_live_" + random(ALNUM, 24) + "\";";
            default -> "    gitlabToken = \"glpat-" + random(ALNUM, 20) + "\";";
        };
    }

    private String digits(int length) {
        return (1 + random.nextInt(9)) + random("0123456789", length - 1);
    }

    private String random(String alphabet, int length) {
        return text(random, alphabet, length);
    }

    /** A GitHub personal access token: {@code ghp_}, 30 random letters and digits and their checksum. */
    static String githubToken(Random random) {
        return GitHubTokens.withChecksum("ghp_" + text(random, ALNUM, 30));
    }

    private static String text(Random random, String alphabet, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
