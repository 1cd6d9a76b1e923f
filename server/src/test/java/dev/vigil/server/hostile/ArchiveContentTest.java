package dev.vigil.server.hostile;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.store.Dialect;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.CapturedLog;
import dev.vigil.server.testing.LongPaths;
import dev.vigil.server.testing.TestData;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Hostile archive content: a file its parser rejects, or an archive without a file a kind reads, resolves
 * nothing; and no warning, response, log line or database file quotes what a malformed file holds.
 */
@VigilServerTest
class ArchiveContentTest {

    private static final String LOCKFILE = """
            {
              "name": "shop",
              "version": "1.0.0",
              "lockfileVersion": 3,
              "requires": true,
              "packages": {
                "": { "name": "shop", "version": "1.0.0", "dependencies": { "lodash": "4.17.11" } },
                "node_modules/lodash": { "version": "4.17.11" }
              }
            }
            """;
    private static final String TERRAFORM = """
            resource "aws_security_group" "admin" {
              name = "admin"
              ingress {
                from_port   = 22
                to_port     = 22
                protocol    = "tcp"
                cidr_blocks = ["0.0.0.0/0"]
              }
            }
            """;
    private static final String CARGO_LOCK = """
            version = 3

            [[package]]
            name = "shop"
            version = "0.1.0"
            dependencies = [
             "smallvec",
            ]

            [[package]]
            name = "smallvec"
            version = "1.6.0"
            source = "registry+https://github.com/rust-lang/crates.io-index"
            """;
    /** An OSV record for the Cargo lockfile (the shared advisories have none for crates.io). */
    private static final String SMALLVEC_ADVISORY = """
            {"id": "GHSA-43w2-9j62-hq99", "modified": "2021-08-25T20:50:00Z", "published": "2021-08-25T20:50:00Z",
             "summary": "Buffer overflow in SmallVec::insert_many",
             "affected": [{"package": {"ecosystem": "crates.io", "name": "smallvec"},
                           "ranges": [{"type": "SEMVER", "events": [{"introduced": "0.6.3"}, {"fixed": "1.6.1"}]}]}],
             "database_specific": {"severity": "HIGH"}}
            """;
    private static final String GITHUB_TOKEN = "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";
    private static final String AWS_KEY_ID = "AKIAZ4QW7ERT2YUIXOPL";  // AWS's format: AKIA and 16 of A-Z, 2-7
    private static final String AWS_SECRET = "k9Lm2Np4Qr6St8Uv0Wx1Yz3Ab5Cd7Ef9Gh2Ij4K";

    private static TestServer server;
    private static TestServer.Tenant tenant;

    @BeforeAll
    static void start() throws IOException {
        importAdvisories(server);
    }

    private static void importAdvisories(TestServer into) throws IOException {
        Path ghsa = TestData.advisory("ghsa");
        Path smallvec = Files.writeString(into.dataDir().resolve("GHSA-43w2-9j62-hq99.json"), SMALLVEC_ADVISORY);
        try (Stream<Path> files = Files.list(ghsa)) {
            new AdvisoryImporter(into.server().database(), new AdvisoryRepository(), Clock.systemUTC())
                    .importPaths(Stream.concat(files, Stream.of(smallvec)).toList());
        }
    }

    /** A kind, a file it reads with findings, the same file with a syntax error, and the warning that says so. */
    enum BrokenFile {
        LOCKFILE(ScanType.SCA, "package-lock.json", ArchiveContentTest.LOCKFILE,
                ArchiveContentTest.LOCKFILE.replace("\"version\": \"4.17.11\" }", "\"version\" \"4.17.11\" }"),
                "MANIFEST_UNPARSEABLE"),
        CARGO_LOCK(ScanType.SCA, "Cargo.lock", ArchiveContentTest.CARGO_LOCK,
                ArchiveContentTest.CARGO_LOCK.replace("version = \"1.6.0\"", "version = \"1.6.0"),
                "MANIFEST_UNPARSEABLE"),
        TERRAFORM(ScanType.IAC, "infra/main.tf", ArchiveContentTest.TERRAFORM,
                ArchiveContentTest.TERRAFORM.replace("name = \"admin\"", "name = \"admin"), "IAC_PARSE_ERROR");

        final ScanType type;
        final String path;
        final String good;
        final String broken;
        final String code;

        BrokenFile(ScanType type, String path, String good, String broken, String code) {
            this.type = type;
            this.path = path;
            this.good = good;
            this.broken = broken;
            this.code = code;
        }
    }

    @ParameterizedTest
    @EnumSource(BrokenFile.class)
    void aFileItsParserRejectsKeepsItsFindingsWithTheirStatusAndAssignee(BrokenFile file) {
        Project project = tenant.owner().createProject(new NewProject("broken-" + file.name(), "main"));
        scan(project, file.type, Map.of(file.path, file.good));
        List<Finding> found = findings(project);
        assertThat(found).isNotEmpty();
        for (Finding f : found) {
            tenant.owner().changeStatus(f.id(), new StatusChange(TriageAction.IN_PROGRESS, null, null));
            tenant.owner().assign(f.id(), tenant.ownerId());
        }

        ScanDetail broken = scan(project, file.type, Map.of(file.path, file.broken));

        assertThat(broken.scanWarnings()).extracting(ScanWarning::code, ScanWarning::path)
                .contains(tuple(file.code, file.path));
        assertThat(findings(project)).hasSameSizeAs(found).allSatisfy(f -> {
            assertThat(f.status()).isEqualTo(FindingStatus.IN_PROGRESS);
            assertThat(f.assignedToUserId()).isEqualTo(tenant.ownerId());
        });

        scan(project, file.type, Map.of(file.path, file.good));
        assertThat(findings(project)).hasSameSizeAs(found).allSatisfy(f -> {
            assertThat(f.status()).isEqualTo(FindingStatus.IN_PROGRESS);
            assertThat(f.assignedToUserId()).isEqualTo(tenant.ownerId());
        });
    }

    @Test
    void anEmptyArchiveResolvesNothingAndSaysThereWasNothingToScan() {
        Project project = tenant.owner().createProject(new NewProject("emptied", "main"));
        scan(project, ScanType.FULL, Map.of(".env", "GITHUB_TOKEN=" + GITHUB_TOKEN + "\n", "infra/main.tf", TERRAFORM));
        List<Finding> found = findings(project);
        assertThat(found).extracting(Finding::scanType).contains(ScanKind.SECRETS, ScanKind.IAC);

        ScanDetail empty = scan(project, ScanType.FULL, Map.of());

        assertThat(empty.scanWarnings()).extracting(ScanWarning::code).containsExactly("NOTHING_TO_SCAN");
        assertThat(findings(project)).hasSameSizeAs(found)
                .allSatisfy(f -> assertThat(f.status()).isEqualTo(FindingStatus.OPEN));
    }

    @Test
    void aLockfileWhoseEcosystemHasNoAdvisoriesKeepsItsFindings() throws IOException {
        try (TestServer own = TestServer.start()) {
            importAdvisories(own);
            VigilClient owner = own.tenant().owner();
            Project project = owner.createProject(new NewProject("advisories-gone", "main"));
            scan(owner, project, ScanType.SCA, Map.of("package-lock.json", LOCKFILE));
            assertThat(findings(owner, project)).isNotEmpty();
            own.server().database().run(c -> {
                try (var delete = c.prepareStatement("DELETE FROM advisory_imports WHERE ecosystem = 'NPM'")) {
                    delete.executeUpdate();
                }
            });

            ScanDetail unchecked = scan(owner, project, ScanType.SCA, Map.of("package-lock.json", LOCKFILE));

            assertThat(unchecked.scanWarnings()).extracting(ScanWarning::code).contains("NO_ADVISORY_DATA");
            assertThat(findings(owner, project)).isNotEmpty()
                    .allSatisfy(f -> assertThat(f.status()).isEqualTo(FindingStatus.OPEN));
        }
    }

    @Test
    void aLockfileWithoutAdvisoriesLeavesTheOtherLockfilesFindingsToResolve() {
        Project project = tenant.owner().createProject(new NewProject("polyglot", "main"));
        scan(project, ScanType.SCA, Map.of("package-lock.json", LOCKFILE));
        assertThat(findings(project)).isNotEmpty();
        String nuget = """
                {"version": 1, "dependencies": {"net8.0": {"Newtonsoft.Json": {"type": "Direct",
                  "requested": "[13.0.3, )", "resolved": "13.0.3"}}}}
                """;

        ScanDetail upgraded = scan(project, ScanType.SCA, Map.of("package-lock.json",
                LOCKFILE.replace("4.17.11", "4.17.21"), "dotnet/packages.lock.json", nuget));

        assertThat(upgraded.scanWarnings()).extracting(ScanWarning::code, ScanWarning::path)
                .contains(tuple("NO_ADVISORY_DATA", "dotnet/packages.lock.json"));
        assertThat(findings(project)).isNotEmpty()
                .allSatisfy(f -> assertThat(f.status()).isEqualTo(FindingStatus.RESOLVED));
    }

    @Test
    void aKindWithoutAFileItReadsResolvesNothingOfItsKind() {
        Project project = tenant.owner().createProject(new NewProject("docs-only", "main"));
        scan(project, ScanType.FULL, Map.of(".env", "GITHUB_TOKEN=" + GITHUB_TOKEN + "\n", "infra/main.tf", TERRAFORM));

        ScanDetail docs = scan(project, ScanType.FULL, Map.of("README.md", "# Shop\n"));

        assertThat(docs.scanWarnings()).filteredOn(w -> w.code().equals("NO_FILES_FOR_KIND"))
                .extracting(ScanWarning::message).anySatisfy(m -> assertThat(m).contains("iac"))
                .anySatisfy(m -> assertThat(m).contains("sca")).noneSatisfy(m -> assertThat(m).contains("secrets"));
        assertThat(findings(project)).isNotEmpty().allSatisfy(f -> assertThat(f.status()).isEqualTo(
                f.scanType() == ScanKind.SECRETS ? FindingStatus.RESOLVED : FindingStatus.OPEN));
        assertThat(findings(project)).extracting(Finding::scanType).contains(ScanKind.SECRETS, ScanKind.IAC);
    }

    @Test
    void aSecretUnderALongNonLatinPathIsKeptWithItsPathClippedToWhatEveryStoreIndexes() {
        VigilClient owner = server.tenant().owner();
        Project project = owner.createProject(new NewProject("deep-names", "main"));
        String path = LongPaths.cjk(".env");

        ScanDetail scan = scan(owner, project, ScanType.SECRETS, Map.of(path, "GITHUB_TOKEN=" + GITHUB_TOKEN + "\n"));

        assertThat(scan.status()).isEqualTo(ScanStatus.COMPLETED);
        for (FindingSort sort : List.of(FindingSort.ascending(FindingSort.Column.LOCATION),
                FindingSort.descending(FindingSort.Column.LOCATION))) {
            assertThat(owner.findings().list(FindingFilter.none(), sort, 10, null).data()).singleElement()
                    .satisfies(f -> {
                        String stored = f.location().substring(0, f.location().lastIndexOf(':'));
                        assertThat(path).startsWith(stored);
                        assertThat(stored.getBytes(StandardCharsets.UTF_8).length).isBetween(1_998, 2_000);
                    });
        }
    }

    @Test
    void malformedFilesQuoteNoSecretInAnyResponseLogLineOrDatabaseFile() throws Exception {
        Map<String, String> malformed = new LinkedHashMap<>();
        malformed.put("package-lock.json", "{\"name\": \"shop\", \"token\": " + GITHUB_TOKEN + "}\n");
        malformed.put("deploy/app.yaml", "apiVersion: v1\nkind: Secret\ndata:\n  key: " + AWS_SECRET
                + ": [" + GITHUB_TOKEN + "\n");
        malformed.put("infra/main.tf", "resource \"aws_iam_user\" \"ci\" {\n  key = <<" + GITHUB_TOKEN + "\n  "
                + AWS_KEY_ID + "\n}\n");
        malformed.put("Cargo.lock", "[[package]\nname = " + GITHUB_TOKEN + "\nversion = \"" + AWS_SECRET + "\n");
        malformed.put("pom.xml", "<project><" + GITHUB_TOKEN + "><aws>" + AWS_KEY_ID + ":" + AWS_SECRET
                + "</aws></project>\n");
        CapturedLog log = CapturedLog.start();
        PrintStream stderr = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        Path dataDir;
        try (TestServer fileBacked = TestServer.start(s -> s.withDatabase(Dialect.hsqldbFileUrl(s.dataDir())))) {
            dataDir = fileBacked.dataDir();
            var owner = fileBacked.tenant().owner();
            Project project = owner.createProject(new NewProject("malformed", "main"));
            var scan = owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(malformed)), project.id(),
                    "main", "9".repeat(40), ScanType.FULL));
            ScanDetail detail = owner.awaitScan(scan.id(), Duration.ofSeconds(60));
            assertThat(detail.status()).isEqualTo(ScanStatus.COMPLETED);
            List<ScanWarning> rejected = detail.scanWarnings().stream()
                    .filter(w -> List.of("IAC_PARSE_ERROR", "MANIFEST_UNPARSEABLE").contains(w.code())).toList();
            assertThat(rejected).extracting(ScanWarning::path)
                    .containsExactlyInAnyOrder("package-lock.json", "deploy/app.yaml", "infra/main.tf", "Cargo.lock",
                            "pom.xml");
            assertThat(rejected).allSatisfy(w -> assertThat(w.message()).startsWith("cannot parse this file at line "));

            seen.add(owner.send("GET", "/v1/scans/" + scan.id(), Map.of(), null).text());
            seen.add(owner.send("GET", "/v1/scans?limit=100", Map.of(), null).text());
            seen.add(owner.getSarif(scan.id()).toString());
            seen.add(owner.send("GET", "/v1/repo-vulnerabilities?limit=100", Map.of(), null).text());
            for (ExportFormat format : ExportFormat.values()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                owner.findings().export(FindingFilter.none(), format, out);
                seen.add(out.toString(StandardCharsets.UTF_8));
            }
        } finally {
            log.close();
            System.setErr(stderr);
        }

        List<String> secrets = List.of(GITHUB_TOKEN, AWS_KEY_ID, AWS_SECRET);
        assertThat(seen).allSatisfy(text -> assertThat(text).doesNotContain(secrets));
        assertThat(log.lines()).allSatisfy(line -> assertThat(line).doesNotContain(secrets));
        assertThat(printed.toString(StandardCharsets.UTF_8)).doesNotContain(secrets);
        try (Stream<Path> files = Files.walk(dataDir)) {
            assertThat(files.filter(Files::isRegularFile).toList()).isNotEmpty().allSatisfy(file -> assertThat(
                    new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as(file.toString())
                    .doesNotContain(secrets));
        }
    }

    private static ScanDetail scan(Project project, ScanType type, Map<String, String> files) {
        return scan(tenant.owner(), project, type, files);
    }

    private static ScanDetail scan(VigilClient owner, Project project, ScanType type, Map<String, String> files) {
        var submitted = owner.submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(files)), project.id(), "main",
                "a".repeat(40), type));
        ScanDetail done = owner.awaitScan(submitted.id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    private static List<Finding> findings(Project project) {
        return findings(tenant.owner(), project);
    }

    private static List<Finding> findings(VigilClient owner, Project project) {
        return owner.findings().all(FindingFilter.none().withProject(project.id())).toList();
    }
}
