package dev.vigil.server.api;

import dev.vigil.client.VigilApiException;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewProject;
import dev.vigil.model.Page;
import dev.vigil.model.Project;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@VigilServerTest
class FindingListTest {

    private static final Comparator<Finding> LIST_ORDER = Comparator
            .comparingInt((Finding f) -> f.severity().rank())
            .thenComparing(Finding::firstSeen)
            .thenComparing(f -> f.id().toString());

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static Project project;
    private static Project other;

    @BeforeAll
    static void seed() {
        project = tenant.owner().createProject(new NewProject("list", "main"));
        other = tenant.owner().createProject(new NewProject("other", "main"));
        FindingSeeder seeder = new FindingSeeder(server.server().database(), 7);
        long now = System.currentTimeMillis();
        seeder.seed(tenant.id(), project.id(), 230, now);
        seeder.seed(tenant.id(), other.id(), 20, now);
    }

    private static List<Finding> all(FindingFilter filter, int limit) {
        List<Finding> all = new ArrayList<>();
        String cursor = null;
        do {
            Page<Finding> page = tenant.owner().findings().list(filter, limit, cursor);
            assertThat(page.data()).hasSizeLessThanOrEqualTo(limit);
            all.addAll(page.data());
            cursor = page.nextCursor();
            assertThat(page.hasMore()).isEqualTo(cursor != null);
        } while (cursor != null);
        return all;
    }

    @Test
    void pagesThroughEveryFindingOnceInSeverityThenFirstSeenOrder() {
        List<Finding> all = all(FindingFilter.none(), 37);

        assertThat(all).hasSize(250);
        assertThat(all.stream().map(Finding::id).distinct()).hasSize(250);
        assertThat(all).isSortedAccordingTo(LIST_ORDER);
    }

    @Test
    void defaultPageHoldsTwentyFindings() {
        Page<Finding> page = tenant.owner().findings().list(FindingFilter.none(), null, null);

        assertThat(page.data()).hasSize(20);
        assertThat(page.hasMore()).isTrue();
    }

    @Test
    void filtersBySeverityStatusKindAndProject() {
        FindingFilter filter = FindingFilter.none().withSeverities(Set.of(Severity.CRITICAL, Severity.HIGH))
                .withStatuses(Set.of(FindingStatus.OPEN)).withScanType(ScanKind.SECRETS).withProject(project.id());

        List<Finding> found = all(filter, 100);

        assertThat(found).isNotEmpty().allSatisfy(f -> {
            assertThat(f.severity()).isIn(Severity.CRITICAL, Severity.HIGH);
            assertThat(f.status()).isEqualTo(FindingStatus.OPEN);
            assertThat(f.scanType()).isEqualTo(ScanKind.SECRETS);
            assertThat(f.projectId()).isEqualTo(project.id());
            assertThat(f.projectName()).isEqualTo("list");
        });
        long expected = all(FindingFilter.none(), 100).stream().filter(f -> f.severity().rank() <= 1
                && f.scanType() == ScanKind.SECRETS && f.projectId().equals(project.id())).count();
        assertThat(found).hasSize((int) expected);
    }

    @Test
    void searchMatchesRuleIdDescriptionAndLocation() {
        Finding sample = all(FindingFilter.none(), 100).get(17);
        String component = sample.description().substring(sample.description().lastIndexOf(' ') + 1);

        assertThat(all(FindingFilter.none().withSearch(component.toUpperCase()), 100))
                .extracting(Finding::id).contains(sample.id());
        assertThat(all(FindingFilter.none().withSearch(sample.location()), 100))
                .extracting(Finding::id).containsExactly(sample.id());
        assertThat(all(FindingFilter.none().withSearch("cve-2021-44228"), 100))
                .isNotEmpty().allSatisfy(f -> assertThat(f.ruleId()).isEqualTo("CVE-2021-44228"));
    }

    @Test
    void searchTreatsLikeWildcardsAsText() {
        assertThat(all(FindingFilter.none().withSearch("ckv_aws"), 100)).isNotEmpty();
        assertThat(all(FindingFilter.none().withSearch("ckv%aws"), 100)).isEmpty();
        assertThat(all(FindingFilter.none().withSearch("ckv_a_s"), 100)).isEmpty();
    }

    @Test
    void refusesCursorUsedWithOtherFilters() {
        Page<Finding> first = tenant.owner().findings().list(FindingFilter.none(), 5, null);

        assertThatThrownBy(() -> tenant.owner().findings().list(
                FindingFilter.none().withSeverities(Set.of(Severity.LOW)), 5, first.nextCursor()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("INVALID_CURSOR");
                });
    }

    @Test
    void refusesMalformedCursor() {
        assertThatThrownBy(() -> tenant.owner().findings().list(FindingFilter.none(), 5, "not-a-cursor!"))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.code()).isEqualTo("INVALID_CURSOR"));
    }

    @Test
    void refusesLimitOutsideOneToHundred() {
        for (String limit : List.of("0", "101", "-1", "ten")) {
            var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities?limit=" + limit, Map.of(), null);
            assertThat(response.status()).as(limit).isEqualTo(400);
            assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
        }
    }

    @Test
    void refusesUnknownEnumValuesAndMalformedIds() {
        for (String query : List.of("severity[]=urgent", "status[]=done", "scan_type=sast", "project_id=123",
                "assigned_to_user_id=nobody")) {
            var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities?" + query, Map.of(), null);
            assertThat(response.status()).as(query).isEqualTo(400);
            assertThat(response.error().error()).isEqualTo("VALIDATION_FAILED");
        }
    }

    @Test
    void readsOneFindingAndAnswers404ForUnknownOrMalformedIds() {
        Finding any = tenant.owner().findings().list(FindingFilter.none(), 1, null).data().getFirst();

        assertThat(tenant.owner().findings().get(any.id())).isEqualTo(any);
        for (String id : List.of(UUID.randomUUID().toString(), "nope")) {
            var response = tenant.owner().send("GET", "/v1/repo-vulnerabilities/" + id, Map.of(), null);
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.error().error()).isEqualTo("NOT_FOUND");
        }
    }

    @Test
    void countsFindingsBySeverityStatusAndKind() {
        var stats = tenant.owner().findings().stats(Optional.empty());
        var projectStats = tenant.owner().findings().stats(Optional.of(other.id()));

        assertThat(stats.total()).isEqualTo(250);
        assertThat(stats.bySeverity().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(250);
        assertThat(stats.byStatus().get("open")).isEqualTo(250);
        assertThat(projectStats.total()).isEqualTo(20);
    }
}
