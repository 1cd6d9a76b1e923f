package dev.vigil.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.BundledSnapshot;
import dev.vigil.server.advisories.StoredAdvisories;
import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.sca.AdvisoryMatcher;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.scan.sca.Match;
import dev.vigil.server.store.Database;
import dev.vigil.server.testing.TestData;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * SCA figures: the time to read and import the bundled advisory snapshot into a fresh in-memory HSQLDB (a few
 * runs, each on a new database), and the time to match the 1,968 packages of the Juice Shop lockfile against
 * the whole snapshot (median of 10 after warm-up; the ecosystem index is built during the warm-up).
 *
 * <p>Run: {@code java -Xmx1g -cp <test classpath>
 * dev.vigil.server.bench.ScaBench [importRuns] [matchRuns]}.
 */
public final class ScaBench {

    private ScaBench() {
    }

    public static void main(String[] args) throws IOException {
        int importRuns = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int matchRuns = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Database database = null;
        for (int run = 0; run < importRuns; run++) {
            if (database != null) {
                database.close();
            }
            database = Database.open("jdbc:hsqldb:mem:bench-" + UUID.randomUUID() + ";hsqldb.tx=mvcc", Optional.empty(), "", 4);
            long start = System.nanoTime();
            List<Advisory> snapshot = BundledSnapshot.read();
            long read = System.nanoTime();
            var result = new AdvisoryImporter(database, new AdvisoryRepository(), Clock.systemUTC())
                    .importAdvisories(snapshot, BundledSnapshot.SOURCE);
            long end = System.nanoTime();
            System.out.printf("import run %d: %d records, %d stored; read %d ms + store %d ms = %d ms%n", run + 1,
                    snapshot.size(), result.inserted(), ms(read - start), ms(end - read), ms(end - start));
        }
        List<Dependency> dependencies = juiceShop();
        AdvisoryMatcher matcher = new AdvisoryMatcher(new StoredAdvisories(database, new AdvisoryRepository()));
        long warmStart = System.nanoTime();
        int matches = matchAll(matcher, dependencies);
        System.out.printf("first match (loads and indexes npm advisories): %d ms%n", ms(System.nanoTime() - warmStart));
        for (int i = 0; i < 5; i++) {
            matchAll(matcher, dependencies);
        }
        double[] times = new double[matchRuns];
        for (int run = 0; run < matchRuns; run++) {
            long start = System.nanoTime();
            matchAll(matcher, dependencies);
            times[run] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(times);
        System.out.printf("match %d packages: %d matches; median %.1f ms (min %.1f, max %.1f) over %d runs%n",
                dependencies.size(), matches, times[matchRuns / 2], times[0], times[matchRuns - 1], matchRuns);
        database.close();
    }

    private static int matchAll(AdvisoryMatcher matcher, List<Dependency> dependencies) {
        int count = 0;
        for (Dependency dependency : dependencies) {
            List<Match> found = matcher.match(dependency);
            count += found.size();
        }
        return count;
    }

    /** The lockfile's {@code packages} map, read minimally: name after the last node_modules/, version. */
    private static List<Dependency> juiceShop() throws IOException {
        Path lockfile = TestData.file("sca/juice-shop-ftp/package-lock.json");
        JsonNode packages = new ObjectMapper().readTree(lockfile.toFile()).path("packages");
        List<Dependency> dependencies = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = packages.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            String version = entry.getValue().path("version").asText("");
            if (key.isEmpty() || version.isEmpty()) {
                continue;
            }
            String name = key.substring(key.lastIndexOf("node_modules/") + "node_modules/".length());
            dependencies.add(new Dependency(Ecosystem.NPM, name, version, "package-lock.json", 1,
                    key.indexOf("node_modules/") == key.lastIndexOf("node_modules/"), false));
        }
        return dependencies;
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }
}
