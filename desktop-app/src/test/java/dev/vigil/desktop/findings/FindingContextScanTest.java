package dev.vigil.desktop.findings;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.scans.TestSessions;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanType;
import dev.vigil.server.testing.TestServer;
import javafx.css.PseudoClass;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The detail pane over what a real scan kept: the API's context for a dependency finding, on screen. */
@DesktopServerTest
class FindingContextScanTest {

    private static final PseudoClass HIT = PseudoClass.getPseudoClass("hit");
    private static TestServer server;
    private TestServer.Tenant tenant;
    private DesktopFixture ui;
    private Session session;
    private FindingsPage page;

    @BeforeAll
    static void advisories() throws Exception {
        TestSessions.importAdvisories(server);
    }

    @Start
    void start(Stage stage) {
        tenant = server.tenant();
        session = ui.connect(server, tenant);
        page = new FindingsPage(session, ui.tasks(), (owner, suggested) -> Optional.empty());
        ui.show(stage, page.view(), 1300, 900);
    }

    @Test
    void aDependencyFindingShowsTheCodeTheScanKeptWithItsLineMarkedAndTheAdvisorysLinks(FxRobot robot)
            throws Exception {
        Project project = tenant.owner().createProject(new NewProject("context", "main"));
        Path archive = Files.createTempFile("vigil-context", ".tar.gz");
        new ArchivePackager().pack(TestSessions.plantedFolder(), archive);
        Scan scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                "c".repeat(40), ScanType.FULL));
        tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        Finding log4j = tenant.owner().findings().all(FindingFilter.none().withScanType(ScanKind.SCA))
                .filter(f -> f.location().startsWith("pom.xml")).findFirst().orElseThrow();
        FindingDetail expected = tenant.owner().findings().detail(log4j.id());
        assertThat(expected.context()).isNotNull();
        assertThat(expected.references()).isNotEmpty();
        assertThat(expected.cvss()).isNotNull();
        Fx.waitUntil(30, () -> session.connection() != null);

        robot.interact(() -> page.findings().model().reload());
        TableView<Finding> table = robot.lookup("#findings-table").queryTableView();
        Fx.waitUntil(30, () -> table.getItems().stream().anyMatch(f -> f.id().equals(log4j.id())));
        robot.interact(() -> table.getSelectionModel().select(
                table.getItems().stream().filter(f -> f.id().equals(log4j.id())).findFirst().orElseThrow()));

        int line = FindingLocation.line(log4j.location());
        Fx.waitUntil(20, () -> robot.lookup("#code-line-" + line).tryQuery().isPresent());
        assertThat(robot.lookup("#detail-code .code-line").queryAllAs(Label.class))
                .hasSize(expected.context().lines().size())
                .filteredOn(label -> label.getPseudoClassStates().contains(HIT)).singleElement()
                .satisfies(label -> assertThat(label.getId()).isEqualTo("code-line-" + line));
        assertThat(robot.lookup(".reference-link").queryAllAs(Hyperlink.class)).extracting(Hyperlink::getText)
                .containsExactlyElementsOf(expected.references());
        assertThat(robot.lookup("#detail-cvss").queryAs(Label.class).getText()).endsWith(expected.cvss().vector());
    }
}
