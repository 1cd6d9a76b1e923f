import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipInputStream;

/**
 * Writes one source of the bundled advisory snapshot: every OSV record found in the inputs (a .zip such as
 * osv.dev's per-ecosystem all.zip, a directory of .json files such as a checkout of pypa/advisory-database
 * or golang/vulndb's data/osv, or .json/.jsonl/.jsonl.gz files), one compact record a line, sorted by id,
 * the newest "modified" winning for a repeated id, gzipped without a timestamp so that the same input gives
 * the same bytes. Run through scripts/advisory-snapshot.sh, which puts Jackson on the class path.
 *
 *   java AdvisorySnapshot.java OUT.jsonl.gz INPUT...
 */
public final class AdvisorySnapshot {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final TreeMap<String, JsonNode> records = new TreeMap<>();
    private int malformed;

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || !args[0].endsWith(".jsonl.gz")) {
            System.err.println("usage: AdvisorySnapshot OUT.jsonl.gz INPUT...");
            System.exit(2);
        }
        AdvisorySnapshot snapshot = new AdvisorySnapshot();
        for (int i = 1; i < args.length; i++) {
            snapshot.readPath(Path.of(args[i]));
        }
        snapshot.write(Path.of(args[0]));
        System.out.printf("%s: %d records, %d malformed skipped%n", args[0], snapshot.records.size(),
                snapshot.malformed);
    }

    private void readPath(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(path)) {
                files = walk.filter(Files::isRegularFile).sorted(Comparator.naturalOrder()).toList();
            }
            for (Path file : files) {
                if (isOsv(file.getFileName().toString())) {
                    readPath(file);
                }
            }
            return;
        }
        try (InputStream in = Files.newInputStream(path)) {
            read(in, path.getFileName().toString());
        }
    }

    private void read(InputStream in, String name) throws IOException {
        if (name.endsWith(".gz")) {
            read(new GZIPInputStream(in), name.substring(0, name.length() - 3));
        } else if (name.endsWith(".zip")) {
            ZipInputStream zip = new ZipInputStream(in);
            for (var entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (!entry.isDirectory() && isOsv(entry.getName())) {
                    accept(zip.readAllBytes());
                }
            }
        } else if (name.endsWith(".jsonl")) {
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank()) {
                    accept(line.getBytes(StandardCharsets.UTF_8));
                }
            }
        } else {
            accept(in.readAllBytes());
        }
    }

    private void accept(byte[] json) {
        JsonNode record;
        try {
            record = JSON.readTree(json);
        } catch (IOException e) {
            malformed++;
            return;
        }
        if (record == null || !record.path("id").isTextual() || !record.path("affected").isArray()) {
            malformed++;
            return;
        }
        records.merge(record.get("id").asText(), record, (old, next) ->
                next.path("modified").asText("").compareTo(old.path("modified").asText("")) >= 0 ? next : old);
    }

    private void write(Path out) throws IOException {
        try (OutputStream file = Files.newOutputStream(out);
             Writer writer = new OutputStreamWriter(new GZIPOutputStream(file, 1 << 16), StandardCharsets.UTF_8)) {
            for (JsonNode record : records.values()) {
                writer.write(JSON.writeValueAsString(record));
                writer.write('\n');
            }
        }
    }

    private static boolean isOsv(String name) {
        return Stream.of(".json", ".jsonl", ".jsonl.gz", ".zip").anyMatch(name::endsWith);
    }
}
