package dev.vigil.desktop.findings;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopServerTest;
import dev.vigil.desktop.testing.FiredMouse;
import dev.vigil.desktop.testing.Fx;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingSort;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanType;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestServer;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.controlsfx.control.CheckComboBox;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The findings table as a place to work: resizing, tooltips, server sorting, grouping, refresh, filters. */
@DesktopServerTest
class FindingsTableTest {

    private static TestServer server;
    private DesktopFixture ui;
    private SeededTenant seeded;
    private Session session;
    private FindingsPage page;

    /** One tenant per test, seeded before the UI starts so that the toolkit's set-up waits for none. */
    private static final Deque<SeededTenant> TENANTS = new ArrayDeque<>();

    @BeforeAll
    static void seedTenants() {
        for (int i = 0; i < 6; i++) {
            TENANTS.add(SeededTenant.with(server, 300));
        }
    }

    @Start
    void start(Stage stage) {
        seeded = TENANTS.pop();
        session = ui.connect(server.server().uri(), seeded.ownerKey());
        page = new FindingsPage(session, ui.tasks(), (owner, suggested) -> Optional.empty());
        ui.show(stage, page.view());
        page.shown();
    }

    private TableView<Finding> table(FxRobot robot) {
        return robot.lookup("#findings-table").queryTableView();
    }

    private void waitForFirstPage(FxRobot robot) {
        Fx.waitUntil(30, () -> table(robot).getItems().size() == FindingPager.PAGE);
    }

    private TableColumn<Finding, ?> column(FxRobot robot, String title) {
        return table(robot).getColumns().stream().filter(c -> c.getText().equals(title)).findFirst().orElseThrow();
    }

    /**
     * The header of {@code column}: what a click sorts by. The test clicks it with {@link FiredMouse}: under
     * the headless platform a robot's press is a popup trigger, which a header never sorts on.
     */
    private Node header(FxRobot robot, TableColumn<Finding, ?> column) {
        return robot.from(table(robot)).lookup(".column-header")
                .match((TableColumnHeader h) -> h.getTableColumn() == column).query();
    }

    /** The strip at the right edge of {@code column}'s header that a drag resizes it by. */
    private Node resizeBorder(FxRobot robot, TableColumn<Finding, ?> column) {
        return robot.from(table(robot)).lookup((Node n) -> n instanceof Rectangle
                && n.getProperties().get("TableColumn") == column).query();
    }

    /** The cell of {@code column} in the first row, scrolled into view (the table is wider than the window). */
    private TableCell<?, ?> firstRowCell(FxRobot robot, TableColumn<Finding, ?> column) {
        robot.interact(() -> table(robot).scrollToColumn(column));
        return robot.lookup("#findings-table .table-cell")
                .match((TableCell<?, ?> c) -> c.getTableColumn() == column && c.getIndex() == 0 && c.isVisible())
                .query();
    }

    @Test
    void shouldWidenAColumnByDraggingAndShowTheFullTextInATooltip(FxRobot robot) {
        waitForFirstPage(robot);
        TableColumn<Finding, ?> rule = column(robot, "Rule");
        double before = rule.getWidth();

        FiredMouse.drag(robot, resizeBorder(robot, rule), 150);

        assertThat(rule.getWidth()).isCloseTo(before + 150, within(2.0));
        assertThat(column(robot, "Location").getWidth()).isEqualTo(column(robot, "Location").getPrefWidth());
        Finding first = table(robot).getItems().getFirst();
        for (String title : List.of("Rule", "Location", "Status")) {
            TableCell<?, ?> cell = firstRowCell(robot, column(robot, title));
            String full = switch (title) {
                case "Rule" -> first.ruleId();
                case "Location" -> first.location();
                default -> first.status().wire().replace('_', ' ');
            };
            assertThat(cell.getTooltip()).as(title).isNotNull();
            assertThat(cell.getTooltip().getText()).as(title).isEqualTo(full);
        }
        TableCell<?, ?> location = firstRowCell(robot, column(robot, "Location"));
        robot.moveTo(location);
        Fx.waitUntil(10, () -> location.getTooltip().isShowing());
        assertThat(location.getTooltip().getText()).isEqualTo(first.location());
    }

    @Test
    void shouldSortOnTheServerWhenAHeaderIsClicked(FxRobot robot) {
        waitForFirstPage(robot);
        FindingSort byRule = FindingSort.ascending(FindingSort.Column.RULE_ID);
        TableColumn<Finding, ?> rule = column(robot, "Rule");

        FiredMouse.click(robot, header(robot, rule));

        Fx.waitUntil(30, () -> byRule.equals(page.findings().model().sortProperty().get()));
        Fx.waitUntil(30, () -> table(robot).getItems().equals(
                seeded.owner().findings().list(FindingFilter.none(), byRule, 100, null).data()));
        assertThat(table(robot).getItems()).isSortedAccordingTo(Comparator.comparing(Finding::ruleId));

        FiredMouse.click(robot, header(robot, rule));

        Fx.waitUntil(30, () -> byRule.reversed().equals(page.findings().model().sortProperty().get()));
        Fx.waitUntil(30, () -> table(robot).getItems().equals(
                seeded.owner().findings().list(FindingFilter.none(), byRule.reversed(), 100, null).data()));
        assertThat(table(robot).getItems()).isSortedAccordingTo(Comparator.comparing(Finding::ruleId).reversed());

        FiredMouse.click(robot, header(robot, rule));  // a third click drops the column's sort: the default order again

        Fx.waitUntil(30, () -> FindingSort.DEFAULT.equals(page.findings().model().sortProperty().get()));
        Fx.waitUntil(30, () -> table(robot).getItems().equals(
                seeded.owner().findings().list(FindingFilter.none(), 100, null).data()));

        FiredMouse.click(robot, header(robot, column(robot, "Assignee")));  // not sortable: the server's order stays

        WaitForAsyncUtils.waitForFxEvents();
        assertThat(page.findings().model().sortProperty().get()).isEqualTo(FindingSort.DEFAULT);
        assertThat(table(robot).getSortOrder()).isEmpty();
    }

    @Test
    void shouldFoldOnePackageLineOrOneRuleInOneFileUnderOneParent(FxRobot robot) {
        waitForFirstPage(robot);
        long now = System.currentTimeMillis();
        List<MergeRepository.NewFinding> sameRuleSameFile = IntStream.rangeClosed(1, 3)
                .mapToObj(line -> new MergeRepository.NewFinding(UUID.randomUUID(), Detection.builder(ScanKind.IAC,
                                "s3-bucket-unencrypted", Severity.HIGH, "infra/main.tf", line * 10, "bucket-" + line)
                        .title("Bucket not encrypted")
                        .cwe("CWE-311")
                        .description("bucket " + line)
                        .build(), now, null))
                .toList();
        FindingSeeder.insert(server.server().database(), seeded.tenant().id(), seeded.project().id(), sameRuleSameFile);
        robot.interact(() -> page.findings().refresh());
        Fx.waitUntil(30, () -> table(robot).getItems().size() == FindingPager.PAGE);

        robot.clickOn("#group-toggle");

        Fx.waitUntil(30, () -> table(robot).getItems().size() == 303);
        TreeTableView<GroupedFindingsTable.Row> tree = robot.lookup("#findings-tree").query();
        assertThat(tree.isVisible()).isTrue();
        assertThat(table(robot).isVisible()).isFalse();
        List<Finding> rows = List.copyOf(table(robot).getItems());
        List<TreeItem<GroupedFindingsTable.Row>> parents = tree.getRoot().getChildren();
        assertThat(parents).hasSize((int) rows.stream().map(FindingGroups::key).distinct().count());
        assertThat(parents.stream().mapToInt(p -> p.getChildren().size()).sum()).isEqualTo(303);
        for (TreeItem<GroupedFindingsTable.Row> parent : parents) {
            List<Finding> children = parent.getChildren().stream()
                    .map(item -> ((GroupedFindingsTable.FindingRow) item.getValue()).finding()).toList();
            Finding one = children.getFirst();
            assertThat(children).allSatisfy(f -> {
                assertThat(f.projectId()).isEqualTo(one.projectId());
                if (one.scanType() == ScanKind.SCA) {
                    assertThat(f.location()).isEqualTo(one.location());
                } else {
                    assertThat(f.ruleId()).isEqualTo(one.ruleId());
                    assertThat(f.location().substring(0, f.location().lastIndexOf(':')))
                            .isEqualTo(one.location().substring(0, one.location().lastIndexOf(':')));
                }
            });
        }
        TreeItem<GroupedFindingsTable.Row> folded = parents.stream().filter(p -> p.getValue()
                instanceof GroupedFindingsTable.GroupRow g && g.group().label().equals("s3-bucket-unencrypted in infra/main.tf"))
                .findFirst().orElseThrow();
        assertThat(folded.getChildren()).hasSize(3);
        assertThat(parents).hasSize(303 - 2);
    }

    @Test
    void shouldRefreshByItselfWhenAScanOfTheShownScopeCompletesPollingOnlyWhileItRuns(FxRobot robot) {
        waitForFirstPage(robot);
        robot.clickOn("#search-field").write("leaked-by-the-test.env");
        Fx.waitUntil(30, () -> table(robot).getItems().isEmpty() && !page.findings().model().loadingProperty().get());
        robot.interact(page::shown);  // shown: one look at the scope's scans, none queued or running
        Fx.waitUntil(30, () -> !page.findings().completions().looking());
        assertThat(page.findings().pollingForScans()).isFalse();

        String token = GitHubTokens.withChecksum("ghp_" + "k7Qm2Xw9Lp4Rt8Vz3Nc6Bh1Jd5Fg0Sy2Ta7Ue");
        Scan scan = seeded.owner().submitScan(ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of(
                "config/leaked-by-the-test.env", "GITHUB_TOKEN=" + token + "\n"))), seeded.project().id(), "main",
                "a".repeat(40), ScanType.SECRETS));
        robot.interact(() -> session.scanSubmitted(seeded.project().id()));  // as "Scan a folder…" tells the session
        assertThat(page.findings().pollingForScans()).isTrue();
        seeded.owner().awaitScan(scan.id(), Duration.ofSeconds(60));

        // no Ctrl+R: the page's own look every few seconds notices the completed scan, then stops looking
        Fx.waitUntil(30, () -> table(robot).getItems().size() == 1);
        assertThat(table(robot).getItems().getFirst().location()).startsWith("config/leaked-by-the-test.env:");
        Fx.waitUntil(30, () -> !page.findings().pollingForScans());
    }

    @Test
    void shouldClearEveryFilterAtOnce(FxRobot robot) {
        waitForFirstPage(robot);
        CheckComboBox<Severity> severities = robot.lookup("#severity-filter").query();
        Button clear = robot.lookup("#clear-filters").queryButton();
        assertThat(clear.isDisabled()).isTrue();

        robot.interact(() -> severities.getCheckModel().check(Severity.HIGH));
        robot.clickOn("#search-field").write("File1");
        robot.clickOn("#sla-filter");
        Fx.waitUntil(30, () -> !clear.isDisabled() && !page.findings().model().filters().searchProperty().get().isEmpty());
        robot.clickOn("#clear-filters");

        Fx.waitUntil(30, () -> table(robot).getItems().size() == FindingPager.PAGE);
        assertThat(page.findings().model().filters().userFilter()).isEqualTo(FindingFilter.none());
        assertThat(page.findings().model().filters().slaBreachedOnly()).isFalse();
        assertThat(severities.getCheckModel().getCheckedItems()).isEmpty();
        assertThat(clear.isDisabled()).isTrue();
        assertThat(table(robot).getItems()).isEqualTo(seeded.owner().findings().list(FindingFilter.none(), 100, null).data());
    }

    @Test
    void shouldShowChipsWhole(FxRobot robot) {
        waitForFirstPage(robot);
        CheckComboBox<Severity> severities = robot.lookup("#severity-filter").query();
        assertThat(severities.getTitle()).isEqualTo("Severity: any");

        robot.interact(() -> severities.getCheckModel().check(Severity.CRITICAL));
        robot.interact(() -> severities.getCheckModel().check(Severity.HIGH));
        assertThat(severities.getTitle()).isEqualTo("Severity: critical, high");
        Fx.waitUntil(30, () -> !table(robot).getItems().isEmpty());

        // every text drawn in the filter bar and the table's status chips is whole: none ends with "…"
        List<String> bar = drawn(robot, ".findings-filter-bar");
        List<String> chips = drawn(robot, ".status-chip");
        assertThat(bar).contains("Severity: critical, high", "Status: any");
        assertThat(chips).isNotEmpty();
        assertThat(Stream.concat(bar.stream(), chips.stream())).noneMatch(t -> t.endsWith("…") || t.endsWith("..."));
    }

    /** The texts drawn inside the nodes that {@code query} finds. */
    private static List<String> drawn(FxRobot robot, String query) {
        return robot.lookup(query).queryAll().stream()
                .flatMap(node -> robot.from(node).lookup((Node n) -> n instanceof Text).queryAllAs(Text.class).stream())
                .map(Text::getText).filter(t -> t != null && !t.isEmpty()).toList();
    }
}
