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
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.PieChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.LocalDate;
import java.util.Comparator;
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
        FindingStats stats = seeded.owner().findings().stats(Optional.empty());

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
        LineChart<Number, Number> trend = robot.lookup("#chart-trend").queryAs(LineChart.class);
        List<XYChart.Data<Number, Number>> open = trend.getData().getFirst().getData();
        assertThat(open).hasSize(OverviewViewModel.DAYS);
        assertThat(open.getLast().getYValue().longValue()).isEqualTo(69);
    }

    @Test
    void theTrendAxisNamesDaysInIsoDatesThatFitSideBySide(FxRobot robot) {
        Fx.waitUntil(30, () -> session.connection() != null);
        robot.clickOn("#nav-overview");
        LineChart<Number, Number> trend = robot.lookup("#chart-trend").queryAs(LineChart.class);
        Fx.waitUntil(20, () -> !trend.getData().isEmpty() && trend.getData().getFirst().getData().size() == OverviewViewModel.DAYS);
        WaitForAsyncUtils.waitForFxEvents();

        List<Text> labels = robot.from(trend.getXAxis()).lookup((Node n) -> n instanceof Text text && text.isVisible()
                && !text.getText().isEmpty()).queryAllAs(Text.class).stream()
                .sorted(Comparator.comparingDouble(text -> text.localToScene(text.getBoundsInLocal()).getMinX())).toList();
        LocalDate first = seeded.owner().findings().trend(Optional.empty(), OverviewViewModel.DAYS).points().getFirst().date();
        assertThat(labels).extracting(Text::getText).containsExactly(first.toString(), first.plusDays(7).toString(),
                first.plusDays(14).toString(), first.plusDays(21).toString(), first.plusDays(28).toString());
        assertThat(labels).allSatisfy(label -> assertThat(label.getRotate()).isZero());
        assertThat(trend.getXAxis().getTickLabelRotation()).isZero();
        for (int i = 1; i < labels.size(); i++) {
            Bounds left = labels.get(i - 1).localToScene(labels.get(i - 1).getBoundsInLocal());
            Bounds right = labels.get(i).localToScene(labels.get(i).getBoundsInLocal());
            assertThat(left.getMaxX()).as("%s ends before %s starts", labels.get(i - 1).getText(), labels.get(i).getText())
                    .isLessThan(right.getMinX());
        }
        Bounds chart = trend.localToScene(trend.getBoundsInLocal());
        assertThat(labels).allSatisfy(label -> assertThat(chart.contains(label.localToScene(label.getBoundsInLocal())))
                .as(label.getText() + " within the chart").isTrue());
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
