package dev.vigil.server.bench;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.secrets.SecretsScanner;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Throughput of the secrets engine on one core, against the floor of reading every byte once. The corpus
 * is generated (seeded, so every run scans the same bytes): about 100 MB of Java, JavaScript, Python and
 * YAML-like files, mostly code without secrets, with lines that hit keywords (key, token, password, api)
 * and a few real-looking secrets. Throughput is reported per second of the thread's CPU time (robust on a
 * machine shared with other work) and of the wall clock. With the argument {@code jdk} the corpus is a real
 * source tree instead: every file of the running JDK's {@code lib/src.zip}. Run it through {@code ./bench}:
 * <pre>./bench secrets [megabytes | jdk]</pre>
 */
public final class SecretsBench {

    private static final int WARMUPS = 3;
    private static final int RUNS = 5;
    private static final int CPU = 0;
    private static final int WALL = 1;

    private SecretsBench() {
    }

    public static void main(String[] args) throws IOException {
        List<String> paths = new ArrayList<>();
        List<byte[]> corpus = new ArrayList<>();
        if (args.length > 0 && args[0].equals("jdk")) {
            readJdkSources(paths, corpus);
        } else {
            int megabytes = args.length > 0 ? Integer.parseInt(args[0]) : 100;
            corpus.addAll(new CorpusGenerator(new Random(42)).generate(megabytes * 1_000_000L));
            IntStream.range(0, corpus.size()).forEach(i -> paths.add(CorpusGenerator.pathOf(i)));
        }
        long bytes = corpus.stream().mapToLong(content -> content.length).sum();
        System.out.printf("corpus: %d files, %.1f MB%n", corpus.size(), bytes / 1e6);
        SecretsScanner scanner = new SecretsScanner();
        for (int i = 0; i < WARMUPS; i++) {
            readAll(corpus);
            scanAll(scanner, paths, corpus);
        }
        double[][] floor = new double[2][RUNS];
        double[][] engine = new double[2][RUNS];
        int found = 0;
        for (int i = 0; i < RUNS; i++) {
            measure(bytes, () -> readAll(corpus), floor, i);
            int[] detections = new int[1];
            measure(bytes, () -> detections[0] = scanAll(scanner, paths, corpus), engine, i);
            found = detections[0];
        }
        System.out.printf("plain byte read (sum of bytes): median %.0f MB/s of CPU time (%.0f MB/s wall clock)%n",
                median(floor[CPU]), median(floor[WALL]));
        System.out.printf("secrets engine (%d rules, 1 thread): median %.0f MB/s of CPU time (%.0f MB/s wall clock), "
                        + "best %.0f MB/s of CPU time, %d findings%n", scanner.ruleCount(), median(engine[CPU]),
                median(engine[WALL]), Arrays.stream(engine[CPU]).max().orElse(0), found);
    }

    private static long sink;

    private static void readAll(List<byte[]> corpus) {
        long sum = 0;
        for (byte[] content : corpus) {
            for (byte b : content) {
                sum += b;
            }
        }
        sink += sum;
    }

    private static void readJdkSources(List<String> paths, List<byte[]> corpus) throws IOException {
        try (ZipFile zip = new ZipFile(JdkSourceTree.zip().toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (!entry.isDirectory()) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        corpus.add(in.readAllBytes());
                    }
                    paths.add(entry.getName());
                }
            }
        }
    }

    private static int scanAll(SecretsScanner scanner, List<String> paths, List<byte[]> corpus) {
        Scanner.Session session = scanner.start((code, message, path) -> { });
        for (int i = 0; i < corpus.size(); i++) {
            session.scan(new SourceFile(paths.get(i), corpus.get(i)));
        }
        List<Detection> detections = session.finish();
        return detections.size();
    }

    /**
     * Records the throughput of one run by the thread's CPU time, which other processes on a shared machine
     * do not inflate, and by the wall clock.
     */
    private static void measure(long bytes, Runnable work, double[][] into, int run) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long wallStart = System.nanoTime();
        work.run();
        into[WALL][run] = bytes / 1e6 / ((System.nanoTime() - wallStart) / 1e9);
        into[CPU][run] = bytes / 1e6 / ((threads.getCurrentThreadCpuTime() - cpuStart) / 1e9);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Source-like files: code lines from a few languages, keyword-bearing lines, and rare secrets. */
    static final class CorpusGenerator {

        private static final String[] EXTENSIONS = {".java", ".js", ".py", ".yaml"};
        private static final String[] WORDS = {"user", "order", "item", "count", "index", "value", "result",
            "buffer", "request", "response", "config", "client", "server", "cache", "session", "handler", "total",
            "name", "path", "file", "event", "message", "status", "entry", "node", "list", "map", "limit", "offset"};
        /** Ordinary code lines, per language. */
        private static final String[][] LINES = {
            {"    public %s get%s(%s %s) {", "        return this.%s.get(%s);", "    }", "import java.util.%s;",
                "        if (%s == null) { throw new IllegalArgumentException(\"%s\"); }", "        // %s the %s",
                "        for (int i = 0; i < %s.size(); i++) { %s.add(i); }", "@Override", "}",
                "        %s.put(%s, %s.%s());", "    private final %s %s = new %s();", ""},
            {"const %s = require('%s');", "  const %s = await fetch(`/%s/${id}`);", "  if (!%s) return null;",
                "export function %s(%s) {", "  return %s.map((x) => x.%s);", "});", "  %s.on('%s', () => %s());",
                "// TODO: %s %s", "  let %s = %s.%s + 1;", ""},
            {"def %s(self, %s):", "    return self.%s[%s]", "import %s", "    if %s is None:", "        raise ValueError(\"%s\")",
                "    for %s in %s:", "        %s.append(%s)", "class %s(object):", "    %s = %s.%s(%s)", ""},
            {"%s:", "  %s: %s", "  replicas: 3", "  - name: %s", "    image: registry.local/%s:1.4.2", "    port: 8080",
                "    %s: \"%s\"", "  labels:", "    app: %s"},
        };
        /** Lines that hit a keyword without holding a secret, as code and configuration do. */
        private static final String[][] KEYWORD_LINES = {
            {"        String key = map.get(%s);", "        final var token = parser.next(%s);", "        headers.put(\"Authorization\", \"Bearer \" + %s);",
                "        String password = System.getenv(\"%s_PASSWORD\");", "        cache.put(key, %s);"},
            {"  headers: { Authorization: `Bearer ${token}` },", "  const apiUrl = `${%s}/api/v1`;", "  const { accessToken } = await %s();"},
            {"    password = os.environ[\"%s_PASSWORD\"]", "    api_key = settings.%s_API_KEY", "    token = request.headers.get(\"%s\")"},
            {"    secretKeyRef: %s-credentials", "  api_version: v1", "    key: %s-secret", "    accessModes: [\"ReadWriteOnce\"]"},
        };
        private static final String[] SECRETS = {
            "aws_access_key_id = AKIA%s", "GITHUB_TOKEN=ghp_%s", "client_secret = \"%s\"", "SLACK_BOT_TOKEN=xoxb-1234567890-1234567890123-%s"};

        private final Random random;

        CorpusGenerator(Random random) {
            this.random = random;
        }

        static String pathOf(int index) {
            return "src/module" + index / 50 + "/File" + index + EXTENSIONS[index % EXTENSIONS.length];
        }

        List<byte[]> generate(long totalBytes) {
            List<byte[]> files = new ArrayList<>();
            long size = 0;
            while (size < totalBytes) {
                byte[] file = file(files.size() % EXTENSIONS.length, 8_000 + random.nextInt(56_000));
                files.add(file);
                size += file.length;
            }
            return files;
        }

        private byte[] file(int language, int targetSize) {
            StringBuilder text = new StringBuilder(targetSize + 200);
            String[] lines = LINES[language];
            while (text.length() < targetSize) {
                if (random.nextInt(20_000) == 0) {
                    text.append(secret()).append('\n');
                    continue;
                }
                String template = random.nextInt(25) == 0 ? pick(KEYWORD_LINES[language]) : pick(lines);
                text.append(String.format(template, (Object[]) words(4))).append('\n');
            }
            return text.toString().getBytes(StandardCharsets.UTF_8);
        }

        private String pick(String[] templates) {
            return templates[random.nextInt(templates.length)];
        }

        private String[] words(int count) {
            String[] words = new String[count];
            for (int i = 0; i < count; i++) {
                words[i] = WORDS[random.nextInt(WORDS.length)];
            }
            return words;
        }

        private String secret() {
            String template = SECRETS[random.nextInt(SECRETS.length)];
            String alphabet = template.contains("AKIA") ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
                    : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
            int length = template.contains("AKIA") ? 16 : template.contains("ghp_") ? 36 : 24;
            StringBuilder value = new StringBuilder();
            for (int i = 0; i < length; i++) {
                value.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            return String.format(template, value);
        }
    }
}
