package dev.vigil.server.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.ser.InstantSerializer;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Json;
import dev.vigil.model.Page;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * A findings page written as the API sends it ({@code Json.mapper()}, the bytes of {@code GET /v1/findings}),
 * beside the same mapping with Jackson's own {@code InstantSerializer}, which formats through
 * {@code DateTimeFormatter}. Both must write the same bytes. Pages of 21 rows (a default page and its look-ahead
 * row) and 101; rounds of {@code bench.seconds} (default 2) each, alternating, after a warm-up of as long.
 *
 * <p>Run: {@code ./bench json [-Dbench.rounds=5] [-Dbench.seconds=2]}.
 */
final class JsonBench {

    private static final int ROUNDS = Integer.getInteger("bench.rounds", 5);
    private static final long ROUND_NANOS = Integer.getInteger("bench.seconds", 2) * 1_000_000_000L;

    private JsonBench() {
    }

    static void run() throws Exception {
        BenchEnvironment.print("json: a findings page as the API writes it, beside Jackson's own instant formatting");
        ObjectMapper api = Json.mapper();
        ObjectMapper formatter = Json.mapper().copy()
                .registerModule(new SimpleModule().addSerializer(Instant.class, InstantSerializer.INSTANCE));
        Object reference = formatter.getSerializerProviderInstance().findValueSerializer(Instant.class);
        if (!(reference instanceof InstantSerializer)) {
            throw new IllegalStateException("the reference mapping does not write instants with InstantSerializer");
        }
        Table table = new Table("rows", "bytes", "same bytes", "API µs/page (best, median)",
                "DateTimeFormatter µs/page (best, median)");
        for (int rows : new int[]{21, 101}) {
            Page<Finding> page = page(rows);
            byte[] bytes = api.writeValueAsBytes(page);
            boolean same = Arrays.equals(bytes, formatter.writeValueAsBytes(page));
            round(api, page);
            round(formatter, page);
            double[] ours = new double[ROUNDS];
            double[] theirs = new double[ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                ours[i] = round(api, page);
                theirs[i] = round(formatter, page);
            }
            table.row(rows, bytes.length, same, bestAndMedian(ours), bestAndMedian(theirs));
        }
        table.print();
    }

    /** Microseconds per page over one round. */
    private static double round(ObjectMapper mapper, Page<Finding> page) throws Exception {
        long start = System.nanoTime();
        long pages = 0;
        long written = 0;
        while (System.nanoTime() - start < ROUND_NANOS) {
            written += mapper.writeValueAsBytes(page).length;
            pages++;
        }
        if (written == 0) {
            throw new IllegalStateException("nothing written");
        }
        return (System.nanoTime() - start) / 1e3 / pages;
    }

    private static String bestAndMedian(double[] micros) {
        double[] sorted = micros.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%.1f, %.1f", sorted[0], sorted[sorted.length / 2]);
    }

    /** Findings shaped like the load bench's: an SCA finding with its advisory text, a third of them assigned. */
    private static Page<Finding> page(int rows) {
        SplittableRandom random = new SplittableRandom(rows);
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            Instant first = Instant.ofEpochMilli(1_700_000_000_000L + random.nextLong(1_000_000_000L));
            findings.add(new Finding(new UUID(random.nextLong(), random.nextLong()), "fp_v1:" + Long.toHexString(
                    random.nextLong()), new UUID(random.nextLong(), random.nextLong()), "service-" + i % 500,
                    "CVE-2021-44228", Severity.HIGH, FindingStatus.OPEN, ScanKind.SCA, "services/api/pom.xml:" + i,
                    "org.apache.logging.log4j:log4j-core 2.14.1 (Maven) is affected by remote code execution",
                    "2.17.1", false, true, "CWE-502", i % 3 == 0 ? "ana@example.com" : null, null, null, null, null,
                    first.plusSeconds(30 * 86_400L), false, first, first.plusMillis(random.nextLong(86_400_000L))));
        }
        return new Page<>(findings, true, "eyJrIjpbIjEyMzQ1Njc4OSIsImFiYyJdfQ");
    }
}
