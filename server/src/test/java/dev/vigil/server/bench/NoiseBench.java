package dev.vigil.server.bench;

import dev.vigil.server.bench.NoiseCorpus.Language;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.secrets.SecretsScanner;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The secrets engine's noise on real code that holds no secrets ({@link NoiseCorpus}): findings per 100 MB
 * per language, and every finding with its masked value, to be judged by eye (the aim is at most two per
 * 100 MB, none of them a real secret). Run it through {@code ./bench}:
 * <pre>./bench noise [-Dbench.noise.npm=false] [-Dbench.noise.context=true]</pre>
 * {@code bench.noise.npm=false} leaves out the npm packages (no registry); {@code bench.noise.context=true}
 * also prints each finding's line, cut to 160 characters, for a reader who checks them on their own machine.
 */
public final class NoiseBench {

    private static final int CONTEXT = 160;

    private final SecretsScanner scanner = new SecretsScanner();
    private final Map<Language, long[]> sizes = new EnumMap<>(Language.class);
    private final Map<Language, List<String>> findings = new EnumMap<>(Language.class);
    private final Map<String, Integer> byRule = new TreeMap<>();
    private final boolean context = Boolean.getBoolean("bench.noise.context");

    private NoiseBench() {
        for (Language language : Language.values()) {
            sizes.put(language, new long[2]);
            findings.put(language, new ArrayList<>());
        }
    }

    public static void main(String[] args) throws Exception {
        NoiseBench bench = new NoiseBench();
        NoiseCorpus corpus = new NoiseCorpus(bench::scan);
        corpus.jdkSources();
        corpus.mavenSourceJars();
        corpus.pythonLibraries();
        if (!"false".equals(System.getProperty("bench.noise.npm"))) {
            corpus.npmPackages(Path.of(System.getProperty("java.io.tmpdir")));
        }
        bench.print();
    }

    private void scan(String source, String path, Language language, byte[] content) {
        long[] size = sizes.get(language);
        size[0]++;
        size[1] += content.length;
        Scanner.Session session = scanner.start((code, message, file) -> { });
        session.scan(new SourceFile(path, content));
        for (Detection detection : session.finish()) {
            byRule.merge(detection.ruleId(), 1, Integer::sum);
            String line = "  " + detection.ruleId() + "  " + source + " " + detection.location() + "  "
                    + detection.description();
            findings.get(language).add(context ? line + "\n      " + lineOf(content, detection.line()) : line);
        }
    }

    private void print() {
        System.out.printf("secrets engine: %d rules%n", scanner.ruleCount());
        System.out.printf("%-11s %8s %9s %9s %14s%n", "language", "files", "MB", "findings", "per 100 MB");
        long files = 0;
        long bytes = 0;
        int total = 0;
        for (Language language : Language.values()) {
            long[] size = sizes.get(language);
            int count = findings.get(language).size();
            System.out.printf("%-11s %8d %9.1f %9d %14.2f%n", language.name().toLowerCase(), size[0], size[1] / 1e6,
                    count, count / (size[1] / 1e8));
            files += size[0];
            bytes += size[1];
            total += count;
        }
        System.out.printf("%-11s %8d %9.1f %9d %14.2f%n", "all", files, bytes / 1e6, total, total / (bytes / 1e8));
        System.out.println("findings by rule: " + byRule);
        findings.forEach((language, list) -> {
            if (!list.isEmpty()) {
                System.out.println(language.name().toLowerCase() + ":");
                list.forEach(System.out::println);
            }
        });
    }

    private static String lineOf(byte[] content, int line) {
        String[] lines = new String(content, StandardCharsets.UTF_8).split("\n", -1);
        String text = line <= lines.length ? lines[line - 1].strip() : "";
        return text.length() > CONTEXT ? text.substring(0, CONTEXT) + "…" : text;
    }
}
