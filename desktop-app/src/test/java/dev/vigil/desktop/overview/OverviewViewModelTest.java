package dev.vigil.desktop.overview;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.TestSessions;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Severity;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The Overview view model against a real in-process server with seeded findings. */
@VigilServerTest
class OverviewViewModelTest {

    private static TestServer server;

    private static OverviewViewModel connected(TestServer.Tenant tenant) {
        CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();
        OverviewViewModel model = new OverviewViewModel(TestSessions.connect(server, tenant, tasks), tasks);
        model.refresh();
        return model;
    }

    @Test
    void countsTheSeededFindingsOfTheWholeTenant() {
        TestServer.Tenant tenant = server.tenant();
        Project api = tenant.owner().createProject(new NewProject("api", "main"));
        Project web = tenant.owner().createProject(new NewProject("web", "main"));
        long now = System.currentTimeMillis();
        new FindingSeeder(server.server().database(), 3).seed(tenant.id(), api.id(), 40, now);
        new FindingSeeder(server.server().database(), 4).seed(tenant.id(), web.id(), 10, now);
        List<Finding> findings = tenant.owner().findings().all(FindingFilter.none()).toList();

        OverviewViewModel model = connected(tenant);

        OverviewViewModel.Figures figures = model.figuresProperty().get();
        assertThat(model.emptyProperty().get()).isFalse();
        assertThat(figures.stats().total()).isEqualTo(50);
        assertThat(figures.open()).isEqualTo(50);
        assertThat(figures.criticalHighOpen())
                .isEqualTo(findings.stream().filter(f -> f.severity().atLeast(Severity.HIGH)).count());
        assertThat(figures.stats().bySeverity().get("critical"))
                .isEqualTo(findings.stream().filter(f -> f.severity() == Severity.CRITICAL).count());
        assertThat(figures.trend().points()).hasSize(OverviewViewModel.DAYS);
        assertThat(figures.trend().latest().open()).isEqualTo(50);
        assertThat(model.projects()).extracting(Project::name).containsExactly("All projects", "api", "web");
    }

    @Test
    void narrowsToTheChosenProjectAndCountsWhatWasFixed() {
        TestServer.Tenant tenant = server.tenant();
        Project api = tenant.owner().createProject(new NewProject("api", "main"));
        Project web = tenant.owner().createProject(new NewProject("web", "main"));
        long now = System.currentTimeMillis();
        new FindingSeeder(server.server().database(), 5).seed(tenant.id(), api.id(), 30, now);
        new FindingSeeder(server.server().database(), 6).seed(tenant.id(), web.id(), 12, now);
        Finding fixed = tenant.owner().findings().all(FindingFilter.none().withProject(web.id())).findFirst().orElseThrow();
        tenant.owner().changeStatus(fixed.id(), StatusChange.of(TriageAction.RESOLVE));
        OverviewViewModel model = connected(tenant);

        model.projectProperty().set(model.projects().stream().filter(p -> p.name().equals("web")).findFirst().orElseThrow());

        OverviewViewModel.Figures figures = model.figuresProperty().get();
        assertThat(figures.stats().total()).isEqualTo(12);
        assertThat(figures.open()).isEqualTo(11);
        assertThat(figures.fixedInPeriod()).isEqualTo(1);
        assertThat(figures.trend().latest().open()).isEqualTo(11);
    }

    @Test
    void isEmptyForATenantWithoutFindings() {
        OverviewViewModel model = connected(server.tenant());

        assertThat(model.figuresProperty().get()).isNotNull();
        assertThat(model.emptyProperty().get()).isTrue();
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void aNewConnectionDropsTheOldServersFiguresAndLoadsOnlyWhenAsked() {
        TestServer.Tenant first = server.tenant();
        Project api = first.owner().createProject(new NewProject("api", "main"));
        new FindingSeeder(server.server().database(), 5).seed(first.id(), api.id(), 12, System.currentTimeMillis());
        TestServer.Tenant second = server.tenant();
        CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();
        Session session = TestSessions.connect(server, first, tasks);
        OverviewViewModel model = new OverviewViewModel(session, tasks);
        model.refresh();
        model.projectProperty().set(model.projects().get(1));
        assertThat(model.figuresProperty().get().stats().total()).isEqualTo(12);
        String secondKey = second.owner().createApiKey(new NewApiKey("desktop", LocalDate.now().plusDays(30).toString(),
                null)).key();

        session.useRemote(server.server().uri(), secondKey, () -> { }, problem -> {
            throw new AssertionError(problem);
        });

        assertThat(model.figuresProperty().get()).as("nothing loaded until the page is shown").isNull();
        assertThat(model.loadingProperty().get()).isFalse();
        assertThat(model.projects()).containsExactly(OverviewViewModel.ALL_PROJECTS);
        assertThat(model.projectProperty().get()).isEqualTo(OverviewViewModel.ALL_PROJECTS);
        model.refresh();
        assertThat(model.figuresProperty().get().stats().total()).isZero();
        assertThat(model.emptyProperty().get()).isTrue();
    }
}
