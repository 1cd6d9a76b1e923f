package dev.vigil.desktop.overview;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.ScansPage;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.FindingStats;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.PieChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The Overview page driven through the real UI, headless, over seeded findings. */
@DesktopServerTest
class OverviewPageTest {

    private static TestServer server;
    private static TestServer.Tenant seeded;
    private static Project project;
    private DesktopFixture ui;
    private Session session;

    @BeforeAll
    static void seed() {
        project = seeded.owner().createProject(new NewProject("seeded", "main"));
        Project other = seeded.owner().createProject(new NewProject("other", "main"));
        long now = System.currentTimeMillis();
        new FindingSeeder(server.server().database(), 21).seed(seeded.id(), project.id(), 60, now);
        new FindingSeeder(server.server().database(), 22).seed(seeded.id(), other.id(), 9, now);
    }

    private void open(Stage stage, TestServer.Tenant tenant) {
        session = ui.connect(server, tenant);
        ui.shell(stage, session, List.of(new OverviewPage(session, ui.tasks()), new ScansPage(session, ui.tasks())));
    }

    @Start
    void start(Stage stage) {
        open(stage, seeded);
    }

    @Test
    void chartsAndCardsShowTheSeededCounts(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null);
        FindingStats stats = seeded.owner().findingStats(Optional.empty());

        robot.press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);

        PieChart bySeverity = robot.lookup("#chart-severity").queryAs(PieChart.class);
        Fx.waitUntil(20, () -> bySeverity.getData().stream().mapToDouble(PieChart.Data::getPieValue).sum() == 69);
        assertThat(bySeverity.getData()).extracting(PieChart.Data::getPieValue).containsExactly(
                (double) stats.bySeverity().get("critical"), (double) stats.bySeverity().get("high"),
                (double) stats.bySeverity().get("medium"), (double) stats.bySeverity().get("low"),
                (double) stats.bySeverity().get("info"));
        assertThat(robot.lookup("#metric-open-value").queryAs(Label.class).getText()).isEqualTo("69");
        assertThat(robot.lookup("#metric-sla-value").queryAs(Label.class).getText())
                .isEqualTo(Long.toString(stats.slaBreached()));
        BarChart<String, Number> byStatus = robot.lookup("#chart-status").queryAs(BarChart.class);
        assertThat(byStatus.getData().getFirst().getData()).first()
                .satisfies(bar -> assertThat(bar.getYValue().longValue()).isEqualTo(69));
        PieChart byKind = robot.lookup("#chart-kind").queryAs(PieChart.class);
        assertThat(byKind.getData().stream().mapToDouble(PieChart.Data::getPieValue).sum()).isEqualTo(69);
        LineChart<String, Number> trend = robot.lookup("#chart-trend").queryAs(LineChart.class);
        List<XYChart.Data<String, Number>> open = trend.getData().getFirst().getData();
        assertThat(open).hasSize(OverviewViewModel.DAYS);
        assertThat(open.getLast().getYValue().longValue()).isEqualTo(69);
    }

    @Test
    void theProjectPickerNarrowsTheChartsToOneProject(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null);
        robot.clickOn("#nav-overview");
        Label open = robot.lookup("#metric-open-value").queryAs(Label.class);
        Fx.waitUntil(20, () -> open.getText().equals("69"));

        robot.clickOn("#overview-project").clickOn("seeded");

        Fx.waitUntil(20, () -> open.getText().equals("60"));
        PieChart bySeverity = robot.lookup("#chart-severity").queryAs(PieChart.class);
        assertThat(bySeverity.getData().stream().mapToDouble(PieChart.Data::getPieValue).sum()).isEqualTo(60);
    }
}
