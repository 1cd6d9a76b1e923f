package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.FxTaskExecutor;
import dev.vigil.desktop.testing.DesktopFixture;
import dev.vigil.desktop.testing.DesktopTest;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import javafx.css.PseudoClass;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The detail pane's context: code with the line marked, links, CVSS, the path as a chain, per kind. */
@DesktopTest
class FindingContextTest {

    private static final PseudoClass HIT = PseudoClass.getPseudoClass("hit");
    private static final String GHSA = "https://github.com/advisories/GHSA-jf85-cpcp-j695";

    private DesktopFixture ui;
    private FindingDetailViewModel model;

    @Start
    void start(Stage stage) {
        // never opened: the view model loads nothing, and the test gives the detail itself
        Session session = ui.unopened();
        FxTaskExecutor tasks = ui.tasks();
        model = new FindingDetailViewModel(session, tasks, changed -> { });
        StackPane root = new StackPane();
        FindingDetailPane pane = new FindingDetailPane(model, new TriagePrompts(root, new FilterChoices(session, tasks)),
                new DecisionLinks(session, tasks, root, () -> { }));
        root.getChildren().add(pane.root());
        ui.show(stage, root, 520, 900);
    }

    @Test
    void anScaFindingShowsItsLineMarkedTheChainCvssRemediationAndLinks(FxRobot robot) {
        Finding lodash = finding(ScanKind.SCA, "GHSA-jf85-cpcp-j695", "package-lock.json:1204");
        FindingDetail detail = new FindingDetail(lodash,
                new FindingDetail.Context(1202, List.of("    \"node_modules/lodash\": {", "      \"version\": \"3.10.1\",",
                        "      \"resolved\": \"https://registry.npmjs.org/lodash/-/lodash-3.10.1.tgz\",", "    },")),
                List.of(GHSA, "https://osv.dev/vulnerability/GHSA-jf85-cpcp-j695",
                        "https://nvd.nist.gov/vuln/detail/CVE-2019-10744"),
                new FindingDetail.Cvss("3.1", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:H", 9.1),
                List.of("juice-shop@19.0.0", "sanitize-html@1.4.2", "lodash@3.10.1"),
                "Upgrade sanitize-html to 2.0.0 or later: it no longer brings lodash below 4.17.12.");

        show(robot, detail);

        assertThat(robot.lookup("#code-line-1204").queryAs(Label.class).getPseudoClassStates()).contains(HIT);
        assertThat(robot.lookup("#code-line-1204").queryAs(Label.class).getText())
                .isEqualTo("1204        \"resolved\": \"https://registry.npmjs.org/lodash/-/lodash-3.10.1.tgz\",");
        assertThat(robot.lookup("#code-line-1203").queryAs(Label.class).getPseudoClassStates()).doesNotContain(HIT);
        assertThat(robot.lookup("#detail-dependency-path").queryAs(FlowPane.class).getChildren())
                .extracting(node -> ((Label) node).getText())
                .containsExactly("juice-shop@19.0.0", "→", "sanitize-html@1.4.2", "→", "lodash@3.10.1");
        assertThat(robot.lookup("#detail-cvss").queryAs(Label.class).getText())
                .isEqualTo("9.1 (CVSS 3.1) · CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:H");
        assertThat(robot.lookup("#detail-remediation").queryAs(Label.class).getText()).startsWith("Upgrade sanitize-html");
        assertThat(fieldNames(robot)).contains("Breaking fix", "Direct dependency")
                .doesNotContain("Fix");  // lodash is transitive: its install command would not fix it

        Hyperlink advisory = robot.lookup(".reference-link").queryAllAs(Hyperlink.class).stream()
                .filter(link -> link.getText().equals(GHSA)).findFirst().orElseThrow();
        robot.interact(advisory::fire);  // the pane is taller than the window: what a click does, without scrolling

        assertThat(WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString())))
                .isEqualTo(GHSA);
        assertThat(robot.lookup("#detail-link-copied").queryAs(Label.class).getText())
                .isEqualTo("No browser here: the address is copied to the clipboard.");
    }

    @Test
    void aSecretShowsItsCodeButNoDependencyFields(FxRobot robot) {
        Finding secret = finding(ScanKind.SECRETS, "github-pat", "deploy/env.sh:2");
        FindingDetail detail = new FindingDetail(secret,
                new FindingDetail.Context(1, List.of("#!/bin/sh", "export GITHUB_TOKEN=ghp_****************************Xa9f")),
                List.of("https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens"),
                null, null, null);

        show(robot, detail);

        assertThat(robot.lookup("#code-line-2").queryAs(Label.class).getPseudoClassStates()).contains(HIT);
        assertThat(robot.lookup("#code-line-1").queryAs(Label.class).getPseudoClassStates()).doesNotContain(HIT);
        assertThat(fieldNames(robot)).contains("Fix", "CWE").doesNotContain("Breaking fix", "Direct dependency");
        assertThat(robot.lookup("#detail-dependency-path").tryQuery()).isEmpty();
        assertThat(robot.lookup("#detail-cvss").tryQuery()).isEmpty();
        assertThat(robot.lookup("#detail-remediation").tryQuery()).isEmpty();
        assertThat(robot.lookup(".reference-link").queryAllAs(Hyperlink.class)).hasSize(1);
    }

    private void show(FxRobot robot, FindingDetail detail) {
        robot.interact(() -> {
            model.findingProperty().set(detail.finding());
            model.showDetail(detail);
        });
    }

    private static List<String> fieldNames(FxRobot robot) {
        return robot.lookup("#finding-detail .detail-key").queryAllAs(Label.class).stream().map(Label::getText).toList();
    }

    private static Finding finding(ScanKind kind, String rule, String location) {
        Instant seen = Instant.parse("2026-11-20T10:00:00Z");
        return new Finding(UUID.randomUUID(), "fp_v1:" + "0".repeat(64), UUID.randomUUID(), "juice-shop", rule,
                Severity.HIGH, FindingStatus.OPEN, kind, location, "a finding", "npm install lodash@4.17.12", false,
                false, "CWE-1321", null, null, null, null, null, null, false, seen, seen);
    }
}
