package dev.vigil.server.advisories;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.server.scan.sca.Advisory;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Reads OSV records from {@code .json} files (one record or an array), {@code .jsonl} files (one record a
 * line), either of them gzipped (the bundled snapshot ships {@code .jsonl.gz}), directories of those, and
 * {@code .zip} archives of them (osv.dev's {@code all.zip}). Zips are read as streams, never extracted, with
 * limits on entries and sizes; a malformed record is counted and skipped.
 */
public final class OsvReader {

    static final int MAX_ZIP_ENTRIES = 500_000;
    static final long MAX_ENTRY_BYTES = 32L << 20;
    static final long MAX_ZIP_BYTES = 4L << 30;
    private static final String GZIP_SUFFIX = ".gz";

    private final Consumer<Advisory> sink;
    private int records;
    private int skipped;

    public OsvReader(Consumer<Advisory> sink) {
        this.sink = sink;
    }

    public int records() {
        return records;
    }

    public int skipped() {
        return skipped;
    }

    public void readPath(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(path)) {
                files = walk.filter(Files::isRegularFile).filter(OsvReader::isOsvFile).sorted().toList();
            }
            for (Path file : files) {
                readPath(file);
            }
            return;
        }
        try (InputStream in = Files.newInputStream(path)) {
            read(in, path.getFileName().toString());
        }
    }

    /** Reads one stream named like a file: a zip, a JSON Lines file or a JSON file, each maybe gzipped. */
    public void read(InputStream in, String name) throws IOException {
        if (name.toLowerCase(Locale.ROOT).endsWith(GZIP_SUFFIX)) {
            read(new GZIPInputStream(in, 1 << 16), name.substring(0, name.length() - GZIP_SUFFIX.length()));
        } else if (name.toLowerCase(Locale.ROOT).endsWith(".zip")) {
            readZip(in, name);
        } else {
            readJson(in, name, name);
        }
    }

    /** Reads every {@code .json}/{@code .jsonl} entry of a zip stream; throws when a limit is passed. */
    public void readZip(InputStream in, String source) throws IOException {
        ZipInputStream zip = new ZipInputStream(in);
        int entries = 0;
        long total = 0;
        for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
            if (++entries > MAX_ZIP_ENTRIES) {
                throw new IOException(source + ": more than " + MAX_ZIP_ENTRIES + " entries");
            }
            if (entry.isDirectory() || !isOsvName(entry.getName())) {
                continue;
            }
            byte[] bytes = zip.readNBytes((int) MAX_ENTRY_BYTES + 1);
            if (bytes.length > MAX_ENTRY_BYTES) {
                throw new IOException(source + ": entry " + entry.getName() + " larger than " + MAX_ENTRY_BYTES + " bytes");
            }
            total += bytes.length;
            if (total > MAX_ZIP_BYTES) {
                throw new IOException(source + ": more than " + MAX_ZIP_BYTES + " uncompressed bytes");
            }
            readJson(new ByteArrayInputStream(bytes), entry.getName(), source);
        }
    }

    private void readJson(InputStream in, String name, String source) throws IOException {
        if (name.toLowerCase(Locale.ROOT).endsWith(".jsonl")) {
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank()) {
                    accept(parse(line), source);
                }
            }
            return;
        }
        JsonNode root = parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        if (root != null && root.isArray()) {
            root.forEach(record -> accept(record, source));
        } else {
            accept(root, source);
        }
    }

    private void accept(JsonNode record, String source) {
        records++;
        var advisory = record == null || !record.isObject() ? Optional.<Advisory>empty()
                : OsvParser.parse(record, source);
        advisory.ifPresentOrElse(sink, () -> skipped++);
    }

    private static JsonNode parse(String text) {
        try {
            return AdvisoryJson.MAPPER.readTree(text);
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean isOsvFile(Path path) {
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(GZIP_SUFFIX)) {
            name = name.substring(0, name.length() - GZIP_SUFFIX.length());
        }
        return isOsvName(name) || name.endsWith(".zip");
    }

    private static boolean isOsvName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".json") || lower.endsWith(".jsonl");
    }
}
