package dev.vigil.desktop.scans;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Json;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanType;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScanRow;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A dashboard session on a test server's tenant, a real folder to scan with findings planted in it, and
 * scans written straight into the server's store.
 */
public final class TestSessions {

    /** A Maven manifest with log4j-core 2.14.1 (Log4Shell), as the server's own dependency scan tests use. */
    private static final String POM = """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.acme</groupId>
              <artifactId>app</artifactId>
              <version>1.0</version>
              <dependencies>
                <dependency>
                  <groupId>org.apache.logging.log4j</groupId>
                  <artifactId>log4j-core</artifactId>
                  <version>2.14.1</version>
                </dependency>
              </dependencies>
            </project>
            """;

    private TestSessions() {
    }

    /** The bundled GitHub advisories (Log4Shell among them) in the server's database, as its own SCA tests do. */
    public static void importAdvisories(TestServer server) throws IOException {
        Path ghsa = TestData.advisory("ghsa");
        try (var files = Files.list(ghsa)) {
            new AdvisoryImporter(server.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                    .importPaths(files.toList());
        }
    }

    /**
     * {@code count} finished scans of a new project written straight into the server's store, a minute apart
     * back from now; their ids newest first, as the list gives them. Through the API they would wait for the
     * rate limit (50 an hour) and a worker each. They failed, so their detail has no SARIF log to fetch.
     */
    public static List<UUID> storeScans(TestServer server, TestServer.Tenant tenant, int count) {
        Project project = tenant.owner().createProject(new NewProject("stored-" + UUID.randomUUID(), "main"));
        List<UUID> ids = Stream.generate(UUID::randomUUID).limit(count).toList();
        ScanRepository scans = new ScanRepository();
        long now = System.currentTimeMillis();
        server.server().database().run(c -> {
            for (int i = 0; i < count; i++) {
                long createdAt = now - i * 60_000L;
                scans.insert(c, ScanRow.builder(ids.get(i), tenant.id(), project.id())
                        .commit("main", "0".repeat(40))
                        .scanType(ScanType.SECRETS)
                        .createdAt(createdAt)
                        .build());
                scans.fail(c, ids.get(i), null, createdAt, null);
            }
        });
        return ids;
    }

    /**
     * A secrets scan of a new project's default branch whose archive carries a {@code .vigil.yml} (line 3 marks
     * the token under {@code fixtures/} a false positive, line 8 matches nothing) and a {@code vigil:ignore}
     * comment in {@code tools/inline_demo.py}: two findings decided, one stale entry.
     */
    public static Scan policyScan(TestServer.Tenant tenant) {
        Project project = tenant.owner().createProject(new NewProject("policy-" + UUID.randomUUID(), "main"));
        Random random = new Random(30);
        String policy = """
                version: 1
                ignore:
                  - rule: github-pat
                    paths: ["fixtures/**"]
                    status: false_positive
                    reason: "revoked token kept as a fixture"
                    # an entry that matches nothing: stale
                  - rule: aws-access-token
                    paths: ["nowhere/**"]
                    status: false_positive
                    reason: "nothing there any more"
                """;
        Map<String, String> files = new LinkedHashMap<>();
        files.put("fixtures/policy_demo.env", "TOKEN=" + githubToken(random) + "\n");
        files.put("tools/inline_demo.py", "# vigil:ignore sample token for the docs\nTOKEN = \"" + githubToken(random)
                + "\"\n");
        files.put(".vigil.yml", policy);
        Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(),
                "main", "f".repeat(40), ScanType.SECRETS));
        tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        return scan;
    }

    private static String githubToken(Random random) {
        String alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        StringBuilder token = new StringBuilder("ghp_");
        for (int i = 0; i < 36; i++) {
            token.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return GitHubTokens.withChecksum(token.toString());
    }

    /** A session over temporary settings, switched to {@code tenant} with a fresh key of its Owner. */
    public static Session connect(TestServer server, TestServer.Tenant tenant, TaskExecutor tasks) {
        try {
            Path home = Files.createTempDirectory("vigil-desktop-test");
            DesktopPaths paths = DesktopPaths.under(home);
            Session session = new Session(new Connector(paths), tasks);
            String key = tenant.owner().createApiKey(new NewApiKey("desktop", LocalDate.now().plusDays(30).toString(),
                    null)).key();
            session.useRemote(server.server().uri(), key, () -> { }, problem -> {
                throw new AssertionError("cannot connect: " + problem);
            });
            return session;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A project folder: the log4j manifest, an AWS key from the shared secrets cases in {@code config.ini}, an
     * unparseable {@code web/package.json} (a scan warning), and two more keys that packaging must leave out
     * ({@code node_modules/} and a file that {@code .gitignore} ignores).
     */
    public static Path plantedFolder() {
        try {
            Path folder = Files.createTempDirectory("vigil-scan-me");
            String secret = awsKeyCase();
            write(folder.resolve("pom.xml"), POM);
            write(folder.resolve("config.ini"), "[aws]\n" + secret + "\n");
            write(folder.resolve("web/package.json"), "{ \"name\": \"web\", \"dependencies\": ");
            write(folder.resolve(".gitignore"), "local.env\n");
            write(folder.resolve("local.env"), secret + "\n");
            write(folder.resolve("node_modules/left-out/config.ini"), secret + "\n");
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first labelled true AWS access-token snippet of {@code testdata/secrets/cases.jsonl}. */
    private static String awsKeyCase() throws IOException {
        Path cases = TestData.file("secrets/cases.jsonl");
        List<String> lines = Files.readAllLines(cases);
        for (String line : lines) {
            JsonNode node = Json.mapper().readTree(line);
            if (node.path("rule_id").asText().equals("aws-access-token") && node.path("expected").asBoolean()
                    && !node.path("text").asText().contains("\n")) {
                return node.path("text").asText();
            }
        }
        throw new IllegalStateException("no AWS key case in " + cases);
    }

    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
