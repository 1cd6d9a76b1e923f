package dev.vigil.desktop.findings;

import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.desktop.testing.Png;
import dev.vigil.model.Finding;
import dev.vigil.model.Severity;
import dev.vigil.server.testing.TestServer;
import javafx.scene.Node;
import javafx.scene.chart.PieChart;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.image.WritableImage;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The dashboard in a small window (1024×640, 960×600), and the Overview's charts leading to the findings. */
@DesktopServerTest
class DashboardLayoutTest {

    private static TestServer server;
    private static SeededTenant seeded;
    private DesktopFixture ui;
    private Session session;
    private Dashboard dashboard;
    private Stage stage;

    /** Seeded once, off the FX thread: the tests only read, and @Start must finish within TestFX's set-up time. */
    @BeforeAll
    static void seed() {
        seeded = SeededTenant.with(server, 60);
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        session = ui.connect(server.server().uri(), seeded.ownerKey());
        dashboard = new Dashboard(session, ui.tasks(), owner -> Optional.empty());
        dashboard.show(stage);
    }

    private void resize(FxRobot robot, double width, double height) {
        robot.interact(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
        });
    }

    @Test
    void findingsAtTenTwentyFourBySixFortyKeepTheTitleExportAndAReadableDetail(FxRobot robot) throws IOException {
        resize(robot, 1024, 640);
        TableView<Finding> table = robot.lookup("#findings-table").queryTableView();
        Fx.waitUntil(30, () -> table.getItems().size() == 60);
        robot.interact(() -> table.getSelectionModel().select(0));
        Fx.waitUntil(10, () -> robot.lookup("#finding-detail").query().isVisible());

        assertThat(shown(robot.lookup("#page-findings .page-title").queryLabeled())).isEqualTo("Findings");
        assertThat(shown(robot.lookup("#export-button").queryLabeled())).isEqualTo("Export…");
        assertThat(robot.lookup("#finding-detail").query().getLayoutBounds().getWidth())
                .isGreaterThanOrEqualTo(FindingsView.DETAIL_MIN_WIDTH);
        assertThat(table.getWidth()).isGreaterThan(400);
        Path shot = Files.createDirectories(Path.of("target", "screenshots")).resolve("findings-1024x640.png");
        WritableImage[] image = new WritableImage[1];
        robot.interact(() -> image[0] = stage.getScene().snapshot(null));
        Png.write(image[0], shot);
        assertThat(shot).isNotEmptyFile();
        assertThat((int) image[0].getWidth()).isEqualTo((int) stage.getScene().getWidth());
    }

    @Test
    void overviewPiesAtNineSixtyBySixHundredShowCountsOnTheirSlicesWithoutALegend(FxRobot robot) {
        resize(robot, 960, 600);
        robot.interact(() -> dashboard.main().show("overview"));
        PieChart severities = robot.lookup("#chart-severity").queryAs(PieChart.class);
        Fx.waitUntil(30, () -> !severities.getData().isEmpty());

        long total = severities.getData().stream().mapToLong(data -> (long) data.getPieValue()).sum();
        assertThat(total).isEqualTo(60);
        assertThat(severities.getData()).allSatisfy(data -> {
            assertThat(data.getName()).endsWith(" · " + (long) data.getPieValue());
            // its colour: the severity's own, by style class
            assertThat(data.getNode().getStyleClass()).contains(data.getName().substring(0, data.getName().indexOf(' '))
                    .toLowerCase(Locale.ROOT));
        });
        for (String id : new String[]{"#chart-severity", "#chart-kind"}) {
            PieChart pie = robot.lookup(id).queryAs(PieChart.class);
            assertThat(pie.isLegendVisible()).isFalse();
            assertThat(pie.lookupAll(".chart-pie-label")).isNotEmpty().allSatisfy(label -> assertThat(label.isVisible()).isTrue());
        }
    }

    @Test
    void aClickOnASeveritySliceListsThoseFindings(FxRobot robot) {
        robot.interact(() -> dashboard.main().show("overview"));
        PieChart severities = robot.lookup("#chart-severity").queryAs(PieChart.class);
        Fx.waitUntil(30, () -> !severities.getData().isEmpty());
        PieChart.Data slice = severities.getData().getFirst();
        Severity severity = Severity.of(slice.getName().substring(0, slice.getName().indexOf(' ')).toLowerCase(Locale.ROOT));

        robot.clickOn(slice.getNode());

        TableView<Finding> table = robot.lookup("#findings-table").queryTableView();
        Fx.waitUntil(30, () -> table.getItems().size() == (long) slice.getPieValue()
                && table.getItems().stream().allMatch(f -> f.severity() == severity));
        CheckComboBox<Severity> filter = robot.lookup("#severity-filter").query();
        assertThat(filter.getCheckModel().getCheckedItems()).containsExactly(severity);
    }

    /** The text a label or button shows: "…"-shortened when it does not fit. */
    private static String shown(Labeled labeled) {
        Node text = labeled.lookup(".text");
        return text instanceof Text t ? t.getText() : null;
    }
}
