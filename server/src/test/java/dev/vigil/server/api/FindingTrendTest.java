package dev.vigil.server.api;

import dev.vigil.client.VigilApiException;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingTrend;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.Severity;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code GET /v1/repo-vulnerabilities/trend} through the real client. */
@VigilServerTest
class FindingTrendTest {

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static Project project;
    private static Project other;

    @BeforeAll
    static void seed() {
        project = tenant.owner().createProject(new NewProject("trend-app", "main"));
        other = tenant.owner().createProject(new NewProject("trend-other", "main"));
        FindingSeeder seeder = new FindingSeeder(server.server().database(), 11);
        long now = System.currentTimeMillis();
        seeder.seed(tenant.id(), project.id(), 120, now);
        seeder.seed(tenant.id(), other.id(), 15, now);
    }

    @Test
    void countsEachDayTheFindingsFirstSeenByItsEnd() {
        List<Finding> findings = tenant.owner().findings().all(FindingFilter.none()).toList();

        FindingTrend trend = tenant.owner().findings().trend(Optional.empty(), 30);

        assertThat(trend.days()).isEqualTo(30);
        assertThat(trend.points()).hasSize(30);
        assertThat(trend.latest().date()).isEqualTo(LocalDate.now(ZoneOffset.UTC));
        for (FindingTrend.Point point : trend.points()) {
            long dayEnd = point.date().plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            assertThat(point.open()).as("open on %s", point.date())
                    .isEqualTo(findings.stream().filter(f -> f.firstSeen().toEpochMilli() < dayEnd).count());
            assertThat(point.criticalHigh()).as("critical and high on %s", point.date())
                    .isEqualTo(findings.stream().filter(f -> f.firstSeen().toEpochMilli() < dayEnd)
                            .filter(f -> f.severity().atLeast(Severity.HIGH)).count());
        }
        assertThat(trend.latest().open()).isEqualTo(135);
    }

    @Test
    void aFindingResolvedTodayLeavesTheEarlierDaysAsTheyWere() {
        var client = tenant.owner();
        Finding oldest = client.findings().all(FindingFilter.none().withProject(other.id())).toList().stream()
                .min(Comparator.comparing(Finding::firstSeen)).orElseThrow();
        FindingTrend before = client.findings().trend(Optional.of(other.id()), 7);

        client.changeStatus(oldest.id(), StatusChange.of(TriageAction.RESOLVE));
        FindingTrend after = client.findings().trend(Optional.of(other.id()), 7);

        assertThat(after.latest().open()).isEqualTo(before.latest().open() - 1);
        assertThat(after.points().subList(0, 6)).isEqualTo(before.points().subList(0, 6));
        assertThat(after.resolvedInPeriod()).isEqualTo(before.resolvedInPeriod() + 1);
        client.changeStatus(oldest.id(), StatusChange.of(TriageAction.REOPEN));
        assertThat(client.findings().trend(Optional.of(other.id()), 7).latest().open()).isEqualTo(before.latest().open());
    }

    @Test
    void anotherTenantSeesNoneOfTheseFindings() {
        var stranger = server.tenant().owner();

        FindingTrend trend = stranger.findings().trend(Optional.empty(), 30);

        assertThat(trend.points()).allSatisfy(point -> assertThat(point.open()).isZero());
        assertThat(trend.resolvedInPeriod()).isZero();
    }

    @Test
    void aMemberMayReadTheTrendOfOneProject() {
        var member = tenant.userWith(Role.MEMBER);

        FindingTrend trend = member.findings().trend(Optional.of(project.id()), 1);

        assertThat(trend.points()).singleElement().satisfies(point -> assertThat(point.open()).isEqualTo(120));
    }

    @Test
    void refusesAPeriodOutsideOneToThreeHundredSixtyFiveDays() {
        assertThatThrownBy(() -> tenant.owner().findings().trend(Optional.empty(), 0))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.error().details()).extracting(problem -> problem.field()).containsExactly("days");
                });
        assertThatThrownBy(() -> tenant.owner().findings().trend(Optional.empty(), 366))
                .isInstanceOf(VigilApiException.class);
    }
}
