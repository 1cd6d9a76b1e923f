package dev.vigil.server.api;

import dev.vigil.model.ExportFormat;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Page;
import dev.vigil.model.Project;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.FindingQuery;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.store.MergeRepository.Known;
import dev.vigil.server.store.MergeRepository.NewFinding;
import dev.vigil.server.store.MergeRepository.Seen;
import dev.vigil.server.store.PostingCounts;
import dev.vigil.server.store.SearchIndex;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code search} served by the term index returns exactly what the plain {@code search_text LIKE '%q%'} walk
 * returned before it (the reference below is that walk's SQL), in list order, through every page.
 */
@VigilServerTest
class FindingSearchTest {

    private static final String LONG_WORD = "0123456789abcdef".repeat(6) + "tailword";

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static TestServer.Tenant neighbour;
    private static Project project;
    private static Project other;
    private static final MergeRepository MERGES = new MergeRepository();

    @BeforeAll
    static void seed() {
        project = tenant.owner().createProject(new NewProject("search", "main"));
        other = tenant.owner().createProject(new NewProject("search-other", "main"));
        Project theirs = neighbour.owner().createProject(new NewProject("theirs", "main"));
        FindingSeeder seeder = new FindingSeeder(server.server().database(), 11);
        long now = System.currentTimeMillis();
        seeder.seed(tenant.id(), project.id(), 400, now);
        seeder.seed(tenant.id(), other.id(), 60, now);
        insert(tenant.id(), project.id(), List.of(
                detection(ScanKind.SCA, "CVE-2021-44228", "Log4Shell RCE in Log4j", Severity.CRITICAL,
                        "services/api/pom.xml", 12, "org.apache.logging.log4j:log4j-core 2.14.1 (Maven) is affected",
                        List.of("GHSA-jfh8-c2jp-5v3q")),
                detection(ScanKind.SECRETS, "github-pat", "GitHub Personal Access Token", Severity.HIGH,
                        "src/Config/Settings_Prod.py", 3, "GitHub Personal Access Token ghp_****", List.of()),
                detection(ScanKind.IAC, "AVD-AWS-0086", "S3 bucket allows public ACLs", Severity.MEDIUM,
                        "infra/main.tf", 40, "S3 bucket allows public ACLs (aws_s3_bucket.data)", List.of("CKV_AWS_20")),
                detection(ScanKind.IAC, "doc-rule", "Straße Größe naïve café", Severity.LOW, "docs/Ünïcödé.md", 1,
                        "ÄÖÜ ΣΊΣΥΦΟΣ 東京 x", List.of()),
                detection(ScanKind.SECRETS, "generic-api-key", "Generic API key", Severity.INFO, "a/b/c.env", 7,
                        "key " + LONG_WORD + " end", List.of())));
        insert(neighbour.id(), theirs.id(), List.of(detection(ScanKind.SCA, "CVE-2021-44228", "Log4Shell in neighbourlib",
                Severity.CRITICAL, "pom.xml", 5, "neighbourlib 1.0 is affected", List.of())));
    }

    @ParameterizedTest
    @ValueSource(strings = {"log4j", "LOG4J", "og4", "4j-co", "log4j-core 2.14", "2.14.1", "14.1 (", "cve-2021-44228",
            "44228", "-2021-", "2021", "jfh8", "GHSA", "settings_prod", "config/settings", "Config/Settings_Prod.py:3",
            "s3 bucket", "bucket.data", "aws_s3", "(aws", "pom.xml:12", ":12", "xml:1", "a", "ab", "e", "x", "straße",
            "STRASSE", "GRÖSSE", "größe", "ünïc", "σίσυφος", "東京", "京", "token ghp", "personal access", "rce", "%", "_",
            "!", "ckv%aws", "ckv_aws", "  ", "abcdef0123", "ef0123456789abcdeftailword", "tailword", "eftail",
            "nonexistent", "zzz", "component c1", "finding aws", "problem 1", "file12", ".java:4", "svc-1/src",
            "found by github-pat in", "neighbourlib", "by aws-access-token in component"})
    void searchReturnsWhatTheLikeWalkReturned(String search) {
        assertThat(ids(all(FindingFilter.none().withSearch(search), 7)))
                .as("search %s", search).isEqualTo(reference(tenant.id(), FindingFilter.none().withSearch(search)));
    }

    @Test
    void searchCombinesWithEveryOtherFilterAcrossPages() {
        FindingFilter filter = FindingFilter.none().withSearch("component c1").withProject(project.id())
                .withSeverities(Set.of(Severity.CRITICAL, Severity.HIGH, Severity.MEDIUM)).withScanType(ScanKind.SCA);

        List<UUID> found = ids(all(filter, 3));

        assertThat(found).isNotEmpty().isEqualTo(reference(tenant.id(), filter));
    }

    @Test
    void searchPagesThroughTheIndexWithoutRepeatsOrGaps() {
        FindingFilter filter = FindingFilter.none().withSearch("github-pat");
        List<UUID> expected = reference(tenant.id(), filter);

        assertThat(expected).hasSizeGreaterThan(40);
        assertThat(ids(all(filter, 1))).isEqualTo(expected);
        assertThat(ids(all(filter, 13))).isEqualTo(expected);
        assertThat(ids(all(filter, 100))).isEqualTo(expected);
    }

    @Test
    void aRareTermSeeksTheIndexInsteadOfWalkingTheTenant() {
        String description = all(FindingFilter.none().withSearch("component c"), 100).get(5).description();
        String component = description.substring(description.lastIndexOf(' ') + 1).toLowerCase(Locale.ROOT);
        PostingCounts counts = new PostingCounts();
        SearchIndex.Plan plan = server.server().database().inTransaction(c ->
                SearchIndex.plan(c, tenant.id(), "component " + component, counts));
        SearchIndex.Plan none = server.server().database().inTransaction(c ->
                SearchIndex.plan(c, tenant.id(), "component c99999", counts));
        SearchIndex.Plan word = server.server().database().inTransaction(c ->
                SearchIndex.plan(c, tenant.id(), "log4j", counts));

        assertThat(plan.words()).containsExactly(component);
        assertThat(none.walk()).isFalse();
        assertThat(word.words()).containsExactly("log4j");
    }

    @Test
    void aSearchReadsTheVocabularyOfAllItsWordsInOneStatement() {
        List<String> statements = new ArrayList<>();
        // both words lie at an end of the search, so both may sit inside longer words: both need the vocabulary
        SearchIndex.Plan plan = server.server().database().inTransaction(c ->
                SearchIndex.plan(recording(c, statements), tenant.id(), "og4 ucket", new PostingCounts()));

        assertThat(statements).filteredOn(sql -> sql.contains("search_words")).hasSize(1);
        assertThat(plan.walk()).isFalse();
        assertThat(ids(all(FindingFilter.none().withSearch("og4 ucket"), 20)))
                .isEqualTo(reference(tenant.id(), FindingFilter.none().withSearch("og4 ucket")));
    }

    /** {@code connection}, noting the SQL of every statement prepared through it. */
    private static Connection recording(Connection connection, List<String> statements) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().startsWith("prepare") && args != null && args[0] instanceof String sql) {
                        statements.add(sql);
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void findsATermThatOnlyARefreshBroughtAndForgetsTheOldOne() {
        Detection before = detection(ScanKind.SCA, "CVE-2099-0001", "Old wording", Severity.LOW, "app/package.json", 9,
                "quokkaword in the old text", List.of());
        UUID id = insert(tenant.id(), other.id(), List.of(before)).getFirst();
        assertThat(ids(all(FindingFilter.none().withSearch("quokka"), 20))).containsExactly(id);

        Detection after = detection(ScanKind.SCA, "CVE-2099-0001", "New wording", Severity.CRITICAL, "app/package.json",
                9, "wombatword in the new text", List.of());
        Database database = server.server().database();
        database.run(c -> {
            Known known = MERGES.known(c, other.id(), Set.of(ScanKind.SCA)).get(before.fingerprint());
            FindingCounts.Changes counts = new FindingCounts.Changes();
            MERGES.refresh(c, tenant.id(), List.of(new Seen(known, after)), System.currentTimeMillis(), counts);
            counts.apply(c);
        });

        assertThat(all(FindingFilter.none().withSearch("ombatwor"), 20)).extracting(Finding::id).containsExactly(id);
        assertThat(all(FindingFilter.none().withSearch("quokka"), 20)).isEmpty();
        // the severity moved the finding to the critical band: the postings moved with it
        assertThat(ids(all(FindingFilter.none().withSearch("wombatword").withSeverities(Set.of(Severity.CRITICAL)), 20)))
                .containsExactly(id);
        assertThat(ids(all(FindingFilter.none().withSearch("word"), 2)))
                .isEqualTo(reference(tenant.id(), FindingFilter.none().withSearch("word")));
    }

    @Test
    void aWordCountedBeforeItsFindingArrivedStillFindsIt() {
        FindingFilter search = FindingFilter.none().withSearch("in numbatword text");
        // the whole word numbatword is counted (no postings) and remembered: it is the word this search seeks on
        assertThat(all(search, 20)).isEmpty();

        UUID id = insert(tenant.id(), other.id(), List.of(detection(ScanKind.SCA, "CVE-2099-0002", "Numbat",
                Severity.HIGH, "app/package.json", 3, "found in numbatword text", List.of()))).getFirst();

        assertThat(ids(all(search, 20))).containsExactly(id);
    }

    @Test
    void theMigrationsBackfillIndexesWhatWasThereBefore() {
        List<String> searches = List.of("log4j", "component c1", "tailword", "ünïc", "neighbourlib", "svc-1/src");
        server.server().database().run(c -> {
            Sql.update(c, "DELETE FROM finding_terms");
            Sql.update(c, "DELETE FROM search_words");
            SearchIndex.backfill(c);
        });

        for (String search : searches) {
            assertThat(ids(all(FindingFilter.none().withSearch(search), 9))).as(search)
                    .isEqualTo(reference(tenant.id(), FindingFilter.none().withSearch(search)));
        }
        assertThat(neighbour.owner().findings().list(FindingFilter.none().withSearch("ourli"), 20, null).data()).hasSize(1);
    }

    @Test
    void neverFindsAnotherTenantsFindings() {
        assertThat(all(FindingFilter.none().withSearch("neighbourlib"), 20)).isEmpty();
        assertThat(all(FindingFilter.none().withSearch("eighbourli"), 20)).isEmpty();
        assertThat(neighbour.owner().findings().list(FindingFilter.none().withSearch("ourli"), 20, null).data())
                .singleElement().satisfies(f -> assertThat(f.description()).contains("neighbourlib"));
        assertThat(neighbour.owner().findings().list(FindingFilter.none().withSearch("log4j-core"), 20, null).data())
                .isEmpty();
    }

    @Test
    void exportsWhatTheSearchFinds() {
        FindingFilter filter = FindingFilter.none().withSearch("aws_s3_bucket");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        tenant.owner().findings().export(filter, ExportFormat.CSV, out);

        String[] lines = out.toString(StandardCharsets.UTF_8).split("\r?\n");
        assertThat(lines).hasSize(1 + reference(tenant.id(), filter).size());
        assertThat(lines[1]).contains("infra/main.tf:40");
    }

    private static List<Finding> all(FindingFilter filter, int limit) {
        List<Finding> all = new ArrayList<>();
        String cursor = null;
        do {
            Page<Finding> page = tenant.owner().findings().list(filter, limit, cursor);
            assertThat(page.data()).hasSizeLessThanOrEqualTo(limit);
            all.addAll(page.data());
            cursor = page.nextCursor();
        } while (cursor != null);
        return all;
    }

    private static List<UUID> ids(List<Finding> findings) {
        return findings.stream().map(Finding::id).toList();
    }

    /** The search as it was before the term index: the filter's WHERE, LIKE included, walked in list order. */
    private static List<UUID> reference(UUID tenantId, FindingFilter filter) {
        FindingQuery query = FindingQuery.of(tenantId, filter);
        return server.server().database().inTransaction(c -> Sql.list(c,
                "SELECT f.id FROM findings f WHERE " + query.where() + " ORDER BY f.sort_key, f.id",
                row -> Sql.uuid(row, "id"), query.params().toArray()));
    }

    private static List<UUID> insert(UUID tenantId, UUID projectId, List<Detection> detections) {
        long now = System.currentTimeMillis();
        List<NewFinding> rows = detections.stream()
                .map(d -> new NewFinding(UUID.randomUUID(), d, now - 1000, null)).toList();
        FindingSeeder.insert(server.server().database(), tenantId, projectId, rows);
        return rows.stream().map(NewFinding::id).toList();
    }

    private static Detection detection(ScanKind kind, String rule, String title, Severity severity, String path,
                                       int line, String description, List<String> aliases) {
        return Detection.builder(kind, rule, severity, path, line, rule + path.toLowerCase(Locale.ROOT))
                .title(title)
                .description(description)
                .aliases(aliases)
                .build();
    }
}
