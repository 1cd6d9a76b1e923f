package dev.vigil.server.advisories;

import com.sun.net.httpserver.HttpServer;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.cli.VigilCommand;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.Dialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code vigil advisories update} and {@code import} against a mirror on loopback and a file database. */
class AdvisoryUpdateTest {

    @TempDir
    Path dataDir;
    private HttpServer mirror;
    private final StringWriter out = new StringWriter();

    @BeforeEach
    void startMirror() throws IOException {
        byte[] zip = AdvisoryImportTest.zip("GHSA-aaaa-bbbb-cccc.json", AdvisoryFixtures.npmRecord(
                "GHSA-aaaa-bbbb-cccc", "2024-05-01T00:00:00Z", "lodash", "0", "4.17.21"));
        mirror = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        mirror.createContext("/", exchange -> {
            boolean npm = exchange.getRequestURI().getPath().equals("/npm/all.zip");
            exchange.sendResponseHeaders(npm ? 200 : 404, npm ? zip.length : -1);
            if (npm) {
                exchange.getResponseBody().write(zip);
            }
            exchange.close();
        });
        mirror.start();
    }

    @AfterEach
    void stopMirror() {
        mirror.stop(0);
    }

    @Test
    void updateDownloadsTheDumpOfEachEcosystemFromTheMirror() {
        String url = "http://127.0.0.1:" + mirror.getAddress().getPort();

        int exit = vigil("advisories", "update", "--mirror", url, "--outbound-allow",
                url.substring("http://".length()), "--ecosystem", "npm", "--data-dir", dataDir.toString());

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("/npm/all.zip: 1 records read, 0 skipped, 1 stored");
        try (Database database = open()) {
            assertThat(database.inTransaction(new AdvisoryRepository()::statuses))
                    .singleElement().satisfies(s -> assertThat(s.ecosystem()).isEqualTo(Ecosystem.NPM));
        }
    }

    @Test
    void updateFailsForAnEcosystemTheMirrorDoesNotHave() {
        String url = "http://127.0.0.1:" + mirror.getAddress().getPort();

        int exit = vigil("advisories", "update", "--mirror", url, "--outbound-allow",
                url.substring("http://".length()), "--ecosystem", "PyPI", "--data-dir", dataDir.toString());

        assertThat(exit).isEqualTo(1);
    }

    @Test
    void importReadsFilesIntoTheDatabaseOfTheDataDirectory() throws IOException {
        Path file = Files.writeString(dataDir.resolve("one.jsonl"), AdvisoryFixtures.npmRecord("NSWG-ECO-9",
                "2024-01-01T00:00:00Z", "qs", "0", "6.0.4"));

        int exit = vigil("advisories", "import", file.toString(), "--data-dir", dataDir.toString());

        assertThat(exit).isZero();
        try (Database database = open()) {
            assertThat(database.inTransaction(new AdvisoryRepository()::count)).isEqualTo(1);
        }
    }

    private int vigil(String... args) {
        return new CommandLine(new VigilCommand()).setOut(new PrintWriter(out, true)).execute(args);
    }

    private Database open() {
        return Database.open(ServerSettings.defaults(dataDir).withDatabase(Dialect.hsqldbFileUrl(dataDir)).jdbcUrl(),
                Optional.empty(), "", 2);
    }
}
