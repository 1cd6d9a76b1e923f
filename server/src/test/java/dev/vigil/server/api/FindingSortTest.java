package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.client.VigilApiException;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Json;
import dev.vigil.model.NewProject;
import dev.vigil.model.Page;
import dev.vigil.model.Project;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.store.Sql;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code sort} parameter of the findings list and export: every column in both directions, ties in the
 * default order, keyset pages bound to the sort. The seeded texts are lower-case letters and zero-padded
 * digits, so that a text collation of either store orders them as Java does.
 */
@VigilServerTest
class FindingSortTest {

    private static final int PER_PROJECT = 45;
    private static final Comparator<Finding> DEFAULT_ORDER = Comparator
            .comparingInt((Finding f) -> f.severity().rank())
            .thenComparing(Finding::firstSeen)
            .thenComparing(f -> f.id().toString());

    private static TestServer server;
    private static TestServer.Tenant tenant;

    @BeforeAll
    static void seed() {
        Random random = new Random(11);
        long now = System.currentTimeMillis();
        // "beta" created first, so that the name order differs from the creation order
        for (String name : List.of("beta", "alpha")) {
            Project project = tenant.owner().createProject(new NewProject(name, "main"));
            List<MergeRepository.NewFinding> rows = new ArrayList<>();
            for (int i = 0; i < PER_PROJECT; i++) {
                // few distinct first-seen days, so that many findings tie on every column
                long firstSeen = now - random.nextInt(4) * 86_400_000L;
                Long deadline = random.nextInt(4) == 0 ? null : firstSeen + random.nextInt(3) * 86_400_000L;
                rows.add(new MergeRepository.NewFinding(UUID.randomUUID(), detection(random, name + i), firstSeen,
                        deadline));
            }
            FindingSeeder.insert(server.server().database(), tenant.id(), project.id(), rows);
        }
        FindingStatus[] statuses = FindingStatus.values();
        server.server().database().run(c -> {
            for (UUID id : Sql.list(c, "SELECT id FROM findings WHERE tenant_id = ?", row -> Sql.uuid(row, "id"),
                    tenant.id())) {
                Sql.update(c, "UPDATE findings SET status = ?, last_seen = first_seen + ? WHERE id = ?",
                        statuses[random.nextInt(statuses.length)].wire(), random.nextInt(3) * 3_600_000L, id);
            }
        });
    }

    private static Detection detection(Random random, String identity) {
        String rule = "rule-" + (char) ('a' + random.nextInt(5));
        String path = "src/dir" + random.nextInt(3) + "/file" + random.nextInt(4) + ".tf";
        ScanKind kind = ScanKind.values()[random.nextInt(3)];
        Severity severity = Severity.values()[random.nextInt(5)];
        return Detection.builder(kind, rule, severity, path, 1 + random.nextInt(3) * 9, identity)
                .title("title " + rule)
                .cwe("CWE-20")
                .description("problem in " + path)
                .build();
    }

    /** The order a sort promises: its column, then the default order, whatever the direction. */
    private static Comparator<Finding> expected(FindingSort sort) {
        Comparator<Finding> column = switch (sort.column()) {
            case SEVERITY -> Comparator.comparingInt(f -> f.severity().rank());
            case STATUS -> Comparator.comparing(f -> f.status().wire());
            case RULE_ID -> Comparator.comparing(Finding::ruleId);
            case LOCATION -> Comparator.comparing((Finding f) -> f.location().substring(0, f.location().indexOf(':')))
                    .thenComparingInt(f -> Integer.parseInt(f.location().substring(f.location().indexOf(':') + 1)));
            case PROJECT_NAME -> Comparator.comparing(Finding::projectName);
            case SLA_DEADLINE -> Comparator.comparing((Finding f) -> f.slaDeadline() == null ? Instant.MAX
                    : f.slaDeadline());
            case FIRST_SEEN -> Comparator.comparing(Finding::firstSeen);
            case LAST_SEEN -> Comparator.comparing(Finding::lastSeen);
        };
        return (sort.descending() ? column.reversed() : column).thenComparing(DEFAULT_ORDER);
    }

    private static List<Finding> all(FindingFilter filter, FindingSort sort, int limit) {
        return allOf(tenant, filter, sort, limit);
    }

    private static List<Finding> allOf(TestServer.Tenant owner, FindingFilter filter, FindingSort sort, int limit) {
        List<Finding> all = new ArrayList<>();
        String cursor = null;
        do {
            Page<Finding> page = owner.owner().findings().list(filter, sort, limit, cursor);
            all.addAll(page.data());
            cursor = page.nextCursor();
        } while (cursor != null);
        return all;
    }

    private static List<FindingSort> everySort() {
        return Arrays.stream(FindingSort.Column.values())
                .flatMap(column -> Stream.of(FindingSort.ascending(column), FindingSort.descending(column)))
                .toList();
    }

    @Test
    void shouldPageThroughEverySortInBothDirectionsWithTiesInTheDefaultOrder() {
        // pages of one row start every page inside a tie; pages of 7 and 50 cut ties of every size
        for (int limit : List.of(1, 7, 50)) {
            for (FindingSort sort : everySort()) {
                List<Finding> all = all(FindingFilter.none(), sort, limit);

                assertThat(all).as(sort.wire() + " by " + limit).hasSize(2 * PER_PROJECT);
                assertThat(all.stream().map(Finding::id).distinct()).as(sort.wire()).hasSize(2 * PER_PROJECT);
                assertThat(all).as(sort.wire() + " by " + limit).isSortedAccordingTo(expected(sort));
            }
        }
    }

    @Test
    void shouldSortTheSameWhenFilteredOrSearched() {
        UUID alpha = tenant.owner().listProjects(100, null).data().stream()
                .filter(p -> p.name().equals("alpha")).findFirst().orElseThrow().id();
        List<FindingFilter> filters = List.of(
                FindingFilter.none().withSeverities(Set.of(Severity.CRITICAL, Severity.HIGH, Severity.MEDIUM)),
                FindingFilter.none().withStatuses(Set.of(FindingStatus.OPEN)),
                FindingFilter.none().withStatuses(Set.of(FindingStatus.RESOLVED, FindingStatus.IN_BACKLOG)),
                FindingFilter.none().withScanType(ScanKind.IAC),
                FindingFilter.none().withProject(alpha),
                FindingFilter.none().withSearch("rule-c"),
                FindingFilter.none().withSearch("dir1"));
        for (FindingFilter filter : filters) {
            List<Finding> unsorted = all(filter, FindingSort.DEFAULT, 100);
            for (FindingSort sort : everySort()) {
                List<Finding> sorted = all(filter, sort, 4);

                assertThat(sorted).as(filter + " " + sort.wire()).isNotEmpty().isSortedAccordingTo(expected(sort));
                assertThat(sorted).as(filter + " " + sort.wire()).containsExactlyInAnyOrderElementsOf(unsorted);
            }
        }
    }

    @Test
    void shouldPageByProjectNameAcrossMoreProjectsThanOneReadOfTheirNames() {
        TestServer.Tenant many = server.tenant();
        List<MergeRepository.NewFinding> rows = new ArrayList<>();
        Random random = new Random(5);
        int seeded = 0;
        for (int i = 0; i < 230; i++) {
            // names whose order differs from the creation order; some projects stay empty
            Project project = many.owner().createProject(new NewProject(String.format("p%03d", (i * 7) % 230), "main"));
            for (int n = i % 3; n > 0; n--, seeded++) {
                FindingSeeder.insert(server.server().database(), many.id(), project.id(), List.of(
                        new MergeRepository.NewFinding(UUID.randomUUID(), detection(random, "p" + i + "-" + n),
                                System.currentTimeMillis() - random.nextInt(3) * 86_400_000L, null)));
            }
        }
        for (FindingSort sort : List.of(FindingSort.ascending(FindingSort.Column.PROJECT_NAME),
                FindingSort.descending(FindingSort.Column.PROJECT_NAME))) {
            List<Finding> all = allOf(many, FindingFilter.none(), sort, 9);

            assertThat(all).as(sort.wire()).hasSize(seeded).isSortedAccordingTo(expected(sort));
            assertThat(all.stream().map(Finding::id).distinct()).hasSize(all.size());
            // most projects hold findings but none of these: each is passed over, on PostgreSQL in the names' read
            FindingFilter severe = FindingFilter.none().withSeverities(Set.of(Severity.CRITICAL));
            assertThat(allOf(many, severe, sort, 2)).as(sort.wire()).isNotEmpty().isSortedAccordingTo(expected(sort))
                    .containsExactlyInAnyOrderElementsOf(allOf(many, severe, FindingSort.DEFAULT, 100));
        }
    }

    @Test
    void shouldKeepTheDefaultOrderForAscendingSeverity() {
        assertThat(all(FindingFilter.none(), FindingSort.ascending(FindingSort.Column.SEVERITY), 9))
                .isEqualTo(all(FindingFilter.none(), FindingSort.DEFAULT, 100))
                .isSortedAccordingTo(DEFAULT_ORDER);
    }

    @Test
    void shouldRefuseACursorOfAnotherSort() {
        FindingSort byRule = FindingSort.ascending(FindingSort.Column.RULE_ID);
        String defaultCursor = tenant.owner().findings().list(FindingFilter.none(), 5, null).nextCursor();
        String ruleCursor = tenant.owner().findings().list(FindingFilter.none(), byRule, 5, null).nextCursor();

        for (var attempt : List.<Runnable>of(
                () -> tenant.owner().findings().list(FindingFilter.none(), byRule, 5, defaultCursor),
                () -> tenant.owner().findings().list(FindingFilter.none(), byRule.reversed(), 5, ruleCursor),
                () -> tenant.owner().findings().list(FindingFilter.none(), 5, ruleCursor))) {
            assertThatThrownBy(attempt::run).isInstanceOfSatisfying(VigilApiException.class, e -> {
                assertThat(e.status()).isEqualTo(400);
                assertThat(e.code()).isEqualTo("INVALID_CURSOR");
            });
        }
    }

    @Test
    void shouldRefuseAnUnknownSortWithTheSpecErrorBody() {
        for (String sort : List.of("name", "-", "--severity", "severity,status", "description", "+rule_id")) {
            for (String path : List.of("/v1/repo-vulnerabilities", "/v1/repo-vulnerabilities/export")) {
                var response = tenant.owner().send("GET", path + "?sort=" + sort.replace("+", "%2B"), Map.of(), null);

                assertThat(response.status()).as(path + " " + sort).isEqualTo(400);
                assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
                assertThat(response.error().message()).contains("sort").contains("rule_id");
                assertThat(response.header("X-Request-ID")).isPresent();
            }
        }
    }

    @Test
    void shouldExportInTheOrderOfTheSort() throws Exception {
        FindingSort sort = FindingSort.descending(FindingSort.Column.PROJECT_NAME);
        var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities/export?format=json&sort=-project_name",
                Map.of(), null);

        assertThat(response.status()).isEqualTo(200);
        JsonNode rows = Json.mapper().readTree(response.body());
        List<String> exported = new ArrayList<>();
        rows.forEach(row -> exported.add(row.get("id").asText()));
        assertThat(exported).isEqualTo(all(FindingFilter.none(), sort, 100).stream()
                .map(f -> f.id().toString()).toList());
        assertThat(rows.get(0).get("project_name").asText()).isEqualTo("beta");
    }
}
