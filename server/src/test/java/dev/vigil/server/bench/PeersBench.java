package dev.vigil.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Project;
import dev.vigil.model.ScanType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Vigil beside a peer on the same files in the same run: secretlint (npm registry, with its recommended rule
 * preset, installed once with the machine's npm into {@code ~/.cache/vigil-bench/secretlint}) over the
 * {@link PipelineCorpus} tree, and Vigil's secrets scan of the same corpus as {@code .tar.gz} on a freshly
 * started server; each the median of three, with what it found and the keyword pass as the floor.
 *
 * <p>Run: {@code ./bench peers [-Dbench.pipeline.mb=25] [-Dbench.peers.runs=3] [-Dbench.peers.minutes=30]}, the
 * last a bound on each secretlint run.
 */
public final class PeersBench {

    static final List<String> SECRETLINT = List.of("secretlint@12.0.0",
            "@secretlint/secretlint-rule-preset-recommend@12.0.0");
    private static final String PRESET = "{\"rules\":[{\"id\":\"@secretlint/secretlint-rule-preset-recommend\"}]}";
    private static final long MEGABYTES = Long.getLong("bench.pipeline.mb", 25);
    private static final int RUNS = Integer.getInteger("bench.peers.runs", 3);
    /** secretlint's time grows faster than its input (about 45 s for 24 MB, 240 s for 39 MB of JavaScript). */
    private static final int MINUTES = Integer.getInteger("bench.peers.minutes", 30);
    private static final String CPU_PREFIX = "cpu-seconds ";

    /** A tool's median time over the corpus and what its last run found, by rule. */
    record Outcome(String tool, double seconds, Map<String, Integer> findingsByRule) {

        int findings() {
            return findingsByRule.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private PeersBench() {
    }

    public static void main(String[] args) throws Exception {
        run();
    }

    public static void run() throws IOException, InterruptedException {
        BenchEnvironment.print("peers: secretlint and Vigil over ~" + MEGABYTES + " MB of real source");
        Path secretlint = installSecretlint();
        try (PipelineCorpus corpus = PipelineCorpus.build(MEGABYTES * 1_000_000)) {
            System.out.println(corpus);
            double keywordPass;
            try (PipelineFloor floor = new PipelineFloor(corpus)) {
                keywordPass = floor.keywordPass();
            }
            List<Outcome> outcomes = List.of(vigil(corpus), secretlint(secretlint, corpus));
            double mb = corpus.bytes() / 1e6;
            Table table = new Table("tool", "median s", "MB/s", "x keyword pass", "findings");
            table.row("keyword pass (grep -c -F -i -f KEYWORDS -r, LC_ALL=C)", ScanRunner.seconds(keywordPass),
                    format(mb / keywordPass), "1.00", "");
            for (Outcome outcome : outcomes) {
                table.row(outcome.tool(), ScanRunner.seconds(outcome.seconds()), format(mb / outcome.seconds()),
                        String.format(Locale.ROOT, "%.2f", outcome.seconds() / keywordPass),
                        outcome.findings());
            }
            System.out.println("medians of " + RUNS + ", same files, same run:");
            table.print();
            outcomes.forEach(o -> System.out.println(o.tool() + " findings by rule: " + o.findingsByRule()));
        }
    }

    /** secretlint's folder in the cache, installed first if missing. */
    private static Path installSecretlint() throws IOException, InterruptedException {
        Path prefix = PipelineCorpus.cacheFolder().resolve("secretlint");
        Path cli = prefix.resolve("node_modules/.bin/secretlint");
        if (!Files.isExecutable(cli)) {
            Files.createDirectories(prefix);
            List<String> command = new ArrayList<>(List.of("npm", "install", "--no-audit", "--no-fund",
                    "--no-package-lock", "--loglevel=error", "--prefix", prefix.toString()));
            command.addAll(SECRETLINT);
            System.out.println("peers: npm install " + String.join(" ", SECRETLINT) + " into " + prefix);
            Commands.run(command);
        }
        System.out.println("peers: " + cli + " " + Commands.run(List.of(cli.toString(), "--version")).output().trim());
        return cli;
    }

    private static Outcome vigil(PipelineCorpus corpus) {
        byte[] archive = corpus.archiveContent();
        double[] seconds = new double[RUNS];
        Map<String, Integer> byRule = new TreeMap<>();
        try (BenchServer server = BenchServer.start()) {
            BenchServer.Tenant tenant = server.tenant("peers-bench");
            Project project = tenant.project("corpus");
            for (int i = 0; i < RUNS; i++) {
                ScanRunner.Timing timing = ScanRunner.run(tenant.owner(), project.id(), archive, ScanType.SECRETS,
                        i + 1, 10);
                seconds[i] = timing.totalSeconds();
            }
            tenant.owner().findings().all(FindingFilter.none()).forEach(f -> byRule.merge(f.ruleId(), 1, Integer::sum));
        }
        Outcome outcome = new Outcome("Vigil secrets scan (POST to completed)", Latency.medianSeconds(seconds), byRule);
        // printed at once: a peer may run past its time limit, and this figure should not be lost with it
        System.out.println(outcome.tool() + ": " + ScanRunner.seconds(outcome.seconds()) + " s, "
                + outcome.findings() + " findings");
        return outcome;
    }

    private static Outcome secretlint(Path cli, PipelineCorpus corpus) throws IOException, InterruptedException {
        Path report = Files.createTempFile("vigil-secretlint", ".json");
        try {
            double[] seconds = new double[RUNS];
            for (int i = 0; i < RUNS; i++) {
                // /usr/bin/time adds the CPU time: on a shared machine it says what the wall time cannot
                List<String> command = List.of("/usr/bin/time", "-f", CPU_PREFIX + "%U %S", "sh", "-c",
                        "cd \"$0\" && exec \"$1\" '**/*' --secretlintrcJSON \"$2\" --format json --output \"$3\"",
                        corpus.tree().toString(), cli.toString(), PRESET, report.toString());
                Commands.Result result = Commands.run(command, MINUTES, TimeUnit.MINUTES);
                if (result.exit() != 0) {
                    throw new IOException("secretlint exited with " + result.exit() + ": " + result.output());
                }
                seconds[i] = result.seconds();
                System.out.println("secretlint run " + (i + 1) + ": " + ScanRunner.seconds(result.seconds())
                        + " s wall, " + cpuSeconds(result.output()) + " s CPU (user + system)");
            }
            Map<String, Integer> byRule = new TreeMap<>();
            for (JsonNode file : new ObjectMapper().readTree(report.toFile())) {
                file.path("messages").forEach(m -> byRule.merge(m.path("ruleId").asText(), 1, Integer::sum));
            }
            return new Outcome("secretlint 12.0.0, preset-recommend", Latency.medianSeconds(seconds), byRule);
        } finally {
            Files.deleteIfExists(report);
        }
    }

    private static String cpuSeconds(String output) {
        return output.lines().filter(line -> line.startsWith(CPU_PREFIX)).reduce((first, last) -> last)
                .map(line -> line.substring(CPU_PREFIX.length()).split(" "))
                .map(times -> format(Double.parseDouble(times[0]) + Double.parseDouble(times[1])))
                .orElse("?");
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
