package dev.vigil.desktop.findings;

import dev.vigil.desktop.shell.Links;
import dev.vigil.model.FindingDetail;
import dev.vigil.model.ScanKind;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.Locale;

/**
 * What a finding needs to be judged, from {@code GET /v1/repo-vulnerabilities/:id}: CVSS, the remediation and
 * the dependency path (SCA only), the code around it with its line marked, and the references as links that
 * open in the browser (or are copied where there is none).
 */
final class FindingContextView extends VBox {

    private static final PseudoClass HIT = PseudoClass.getPseudoClass("hit");

    private final VBox code = section("detail-code");
    private final FlowPane path = new FlowPane(4, 2);
    private final VBox references = section("detail-references");
    private final Label cvss = value("detail-cvss");
    private final Label remediation = value("detail-remediation");
    private final Label copied = new Label();

    FindingContextView() {
        super(10);
        setId("finding-context");
        path.setId("detail-dependency-path");
        path.getStyleClass().add("dependency-path");
        copied.setId("detail-link-copied");
        copied.getStyleClass().add("page-subtitle");
        show(null);
    }

    void show(FindingDetail detail) {
        getChildren().clear();
        copied.setText("");
        if (detail == null) {
            return;
        }
        boolean sca = detail.finding().scanType() == ScanKind.SCA;
        if (sca && detail.cvss() != null) {
            FindingDetail.Cvss score = detail.cvss();
            cvss.setText(String.format(Locale.ROOT, "%.1f (CVSS %s) · %s", score.score(), score.version(),
                    score.vector()));
            getChildren().add(titled("CVSS", cvss));
        }
        if (sca && detail.remediation() != null && !detail.remediation().isBlank()) {
            remediation.setText(detail.remediation());
            getChildren().add(titled("Remediation", remediation));
        }
        if (sca && detail.dependencyPath() != null && !detail.dependencyPath().isEmpty()) {
            showPath(detail.dependencyPath());
            getChildren().add(titled("Dependency path", path));
        }
        if (detail.context() != null && !detail.context().lines().isEmpty()) {
            showCode(detail.context(), FindingLocation.line(detail.finding().location()));
            getChildren().add(titled("Code", code));
        }
        if (!detail.references().isEmpty()) {
            showReferences(detail.references());
            getChildren().add(titled("References", new VBox(2, references, copied)));
        }
    }

    /** The chain from the project's root to the vulnerable package: {@code root → direct → … → package}. */
    private void showPath(List<String> chain) {
        path.getChildren().clear();
        for (int i = 0; i < chain.size(); i++) {
            if (i > 0) {
                path.getChildren().add(new Label("→"));
            }
            Label step = new Label(chain.get(i));
            step.getStyleClass().add(i == chain.size() - 1 ? "path-vulnerable" : "path-step");
            path.getChildren().add(step);
        }
    }

    /** Numbered lines; the finding's own line (or, without one, none) carries the {@code :hit} pseudo-class. */
    private void showCode(FindingDetail.Context context, int hit) {
        code.getChildren().clear();
        int width = String.valueOf(context.startLine() + context.lines().size() - 1).length();
        for (int i = 0; i < context.lines().size(); i++) {
            int number = context.startLine() + i;
            Label line = new Label(String.format(Locale.ROOT, "%" + width + "d  %s", number, context.lines().get(i)));
            line.getStyleClass().add("code-line");
            line.pseudoClassStateChanged(HIT, number == hit);
            line.setId("code-line-" + number);
            code.getChildren().add(line);
        }
    }

    private void showReferences(List<String> urls) {
        references.getChildren().clear();
        for (String url : urls) {
            Hyperlink link = new Hyperlink(url);
            link.getStyleClass().add("reference-link");
            link.setTooltip(new Tooltip("Open " + url + " in the browser"));
            link.setOnAction(event -> {
                if (!Links.open(url)) {
                    copied.setText("No browser here: the address is copied to the clipboard.");
                }
            });
            references.getChildren().add(link);
        }
    }

    private static Node titled(String title, Node content) {
        Label heading = new Label(title);
        heading.getStyleClass().add("detail-section");
        return new VBox(2, heading, content);
    }

    private static VBox section(String id) {
        VBox box = new VBox();
        box.setId(id);
        return box;
    }

    private static Label value(String id) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        return label;
    }
}
