package dev.vigil.server.bench;

import dev.vigil.server.scan.ArchiveReader;
import dev.vigil.server.scan.ArchiveSummary;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPInputStream;

/**
 * Throughput of the archive pass: builds in memory a deterministic source archive of about 50 MiB compressed
 * (many files of code-like text), reads it with {@link ArchiveReader} after a warm-up, and prints MB/s
 * (uncompressed and compressed) and files/s, beside a bare gunzip of the same bytes as the floor.
 *
 * <p>Run: {@code ./bench archive [compressedMiB] [runs]} (or this class's {@code main} on the test class path).
 */
public final class ArchiveBench {

    private static final String[] WORDS = ("account address admin alert allow amount api archive audit auth "
            + "backup balance batch bucket buffer build cache certificate channel check client cluster commit config "
            + "connection container context count credential cursor customer data database debug decode default "
            + "delete deploy detail device digest domain encode endpoint entry error event export field file filter "
            + "finding format gateway group handler hash header health host identity import index input instance "
            + "issue item job key label layer lease limit list listener loader lock log manifest message metric mode "
            + "module name network node order output owner package page parser partition password path payload "
            + "policy pool port project provider proxy query queue quota reader record region registry release "
            + "report request resource response result role route rule scan schema scope secret session setting "
            + "signature snapshot source state status storage stream subnet summary table target task template "
            + "tenant token topic trace user value vault version volume warning worker writer zone").split(" ");
    private static final String[] TYPES = {"String", "int", "long", "boolean", "List<String>", "Map<String, Object>",
            "Optional<Path>", "Duration", "Instant", "byte[]"};
    private static final String[] EXTENSIONS = {".java", ".py", ".ts", ".go", ".tf", ".yaml", ".rb", ".kt"};

    private ArchiveBench() {
    }

    public static void main(String[] args) throws IOException {
        run(args);
    }

    /** {@code [compressedMiB] [runs]}: what {@code ./bench archive} runs. */
    public static void run(String... args) throws IOException {
        BenchEnvironment.print("archive: ArchiveReader pass over a ~50 MiB source archive");
        int targetMiB = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        long start = System.nanoTime();
        byte[] archive = buildArchive(targetMiB * (1L << 20), new Random(20240611));
        System.out.printf(Locale.ROOT, "built %.1f MiB archive in %.1f s%n", archive.length / 1048576.0,
                (System.nanoTime() - start) / 1e9);
        ArchiveReader reader = new ArchiveReader();
        for (int i = 0; i < 3; i++) {
            timeReader(reader, archive);
            timeGunzip(archive);
        }
        double[] readerSeconds = new double[runs];
        double[] gunzipSeconds = new double[runs];
        ArchiveSummary summary = null;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            summary = timeReader(reader, archive);
            readerSeconds[i] = (System.nanoTime() - t0) / 1e9;
            gunzipSeconds[i] = timeGunzip(archive);
        }
        report(summary, median(readerSeconds), median(gunzipSeconds));
    }

    private static void report(ArchiveSummary summary, double seconds, double gunzipSeconds) {
        System.out.printf(Locale.ROOT, "archive: %d files, %.1f MB uncompressed, %.1f MB compressed (ratio %.2f), "
                        + "complete=%s, warnings=%d%n", summary.filesRead(), summary.uncompressedBytes() / 1e6,
                summary.compressedBytes() / 1e6, (double) summary.uncompressedBytes() / summary.compressedBytes(),
                summary.complete(), summary.warnings().size());
        System.out.printf(Locale.ROOT, "ArchiveReader (median of runs): %.3f s = %.1f MB/s uncompressed, "
                        + "%.1f MB/s compressed, %.0f files/s%n", seconds, summary.uncompressedBytes() / 1e6 / seconds,
                summary.compressedBytes() / 1e6 / seconds, summary.filesRead() / seconds);
        System.out.printf(Locale.ROOT, "floor, bare GZIPInputStream drain: %.3f s = %.1f MB/s uncompressed "
                + "(the reader runs at %.0f%% of it)%n", gunzipSeconds, summary.uncompressedBytes() / 1e6 / gunzipSeconds,
                100 * gunzipSeconds / seconds);
    }

    private static ArchiveSummary timeReader(ArchiveReader reader, byte[] archive) throws IOException {
        long[] sink = new long[1];
        ArchiveSummary summary = reader.read(new ByteArrayInputStream(archive), file -> sink[0] += file.size());
        if (sink[0] != summary.bytesRead() || !summary.complete()) {
            throw new IllegalStateException("the pass did not read the whole archive: " + summary);
        }
        return summary;
    }

    private static double timeGunzip(byte[] archive) throws IOException {
        long t0 = System.nanoTime();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(archive), 1 << 16)) {
            while (in.read(buffer) >= 0) {
                // drain
            }
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    static byte[] buildArchive(long targetCompressedBytes, Random random) throws IOException {
        return buildArchive(targetCompressedBytes, random, (index, path, content) -> content);
    }

    /** Changes a generated file before it is archived: for benchmarks that plant secrets in the tree. */
    @FunctionalInterface
    interface FileHook {
        String apply(int index, String path, String content);
    }

    /**
     * The generated tree, each file passed through {@code hook}; the generated text does not depend on the
     * hook, so a hook that draws its own random numbers leaves the rest of the tree as it is.
     */
    static byte[] buildArchive(long targetCompressedBytes, Random random, FileHook hook) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) (targetCompressedBytes + (1 << 20)));
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes), "UTF-8")) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (int i = 0; bytes.size() < targetCompressedBytes; i++) {
                String module = WORDS[random.nextInt(WORDS.length)] + "-" + (i % 97);
                String path = module + "/src/" + word(random) + "/" + pascal(random) + i
                        + EXTENSIONS[random.nextInt(EXTENSIONS.length)];
                String text = hook.apply(i, path, sourceFile(random, 20 + random.nextInt(400)));
                byte[] content = text.getBytes(StandardCharsets.UTF_8);
                TarArchiveEntry entry = new TarArchiveEntry(path);
                entry.setSize(content.length);
                tar.putArchiveEntry(entry);
                tar.write(content);
                tar.closeArchiveEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static String sourceFile(Random random, int lines) {
        StringBuilder text = new StringBuilder(lines * 48);
        text.append("package ").append(word(random)).append('.').append(word(random)).append(";\n\n");
        String type = pascal(random);
        text.append("public final class ").append(type).append(" {\n");
        for (int line = 0; line < lines; line++) {
            String indent = "    ".repeat(1 + random.nextInt(3));
            String name = camel(random);
            text.append(indent).append(switch (random.nextInt(8)) {
                case 0 -> "private final " + TYPES[random.nextInt(TYPES.length)] + " " + name + ";";
                case 1 -> "if (" + name + " != null && " + name + "." + camel(random) + "(" + random.nextInt(1000) + ")) {";
                case 2 -> "return " + name + "." + camel(random) + "(\"" + word(random) + " " + word(random) + "\");";
                case 3 -> "// " + word(random) + " the " + word(random) + " of the " + word(random) + " " + word(random);
                case 4 -> TYPES[random.nextInt(TYPES.length)] + " " + name + " = " + camel(random) + "(" + camel(random) + ");";
                case 5 -> "}";
                case 6 -> "throw new IllegalStateException(\"" + word(random) + " " + word(random) + " failed\");";
                default -> "for (var " + name + " : " + camel(random) + "()) { " + camel(random) + ".add(" + name + "); }";
            }).append('\n');
        }
        return text.append("}\n").toString();
    }

    private static String word(Random random) {
        return WORDS[random.nextInt(WORDS.length)];
    }

    private static String camel(Random random) {
        return word(random) + pascal(random);
    }

    private static String pascal(Random random) {
        String w = word(random);
        return Character.toUpperCase(w.charAt(0)) + w.substring(1);
    }
}
