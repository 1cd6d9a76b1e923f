package dev.vigil.desktop.findings;

import dev.vigil.desktop.shell.Guarded;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.LocalDate;

/** Export of the current filters: the file choice, an indeterminate bar with the bytes written, the outcome. */
final class ExportControl {

    private final HBox root = new HBox(8);
    private final ExportViewModel model;
    private final FileChoice files;
    private final Button button = new Button("Export…", new FontIcon(Feather.DOWNLOAD));

    ExportControl(ExportViewModel model, FileChoice files, FindingFilterModel filters) {
        this.model = model;
        this.files = files;
        root.getStyleClass().addAll("toolbar-row", "export-control");
        button.setId("export-button");
        button.setMinWidth(Region.USE_PREF_SIZE);  // a narrow window shrinks the message, never "Export…"
        button.setTooltip(new Tooltip("CSV or JSON of the current filters, at most 10,000 rows (Ctrl+E)"));
        button.setOnAction(event -> export());
        Node guarded = new Guarded(button, model.refusal(filters.slaBreachedOnlyProperty()));
        ProgressBar progress = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        progress.setId("export-progress");
        progress.visibleProperty().bind(model.runningProperty());
        progress.managedProperty().bind(model.runningProperty());
        Label bytes = new Label();
        bytes.setId("export-bytes");
        bytes.textProperty().bind(model.bytesProperty().asString("%,d bytes"));
        bytes.visibleProperty().bind(model.runningProperty());
        bytes.managedProperty().bind(model.runningProperty());
        Label message = new Label();
        message.setId("export-message");
        message.setWrapText(true);
        message.setMinWidth(0);
        message.textProperty().bind(model.messageProperty());
        root.getChildren().addAll(guarded, progress, bytes, message);
    }

    Node root() {
        return root;
    }

    /** Asks where to save, then exports; does nothing while refused or running. */
    void export() {
        if (button.isDisabled() || model.runningProperty().get()) {
            return;
        }
        files.saveAs(root.getScene().getWindow(), "vigil-findings-" + LocalDate.now() + ".csv").ifPresent(model::export);
    }
}
