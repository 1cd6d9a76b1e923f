package dev.vigil.desktop.scans;

import dev.vigil.model.ScanListItem;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The Scans page: the toolbar, the "Scan a folder" card when open, and the list beside the selected scan. */
final class ScansView extends VBox {

    private final ScansViewModel model;
    private final FolderScanView folderScan;

    ScansView(ScansViewModel model, DirectoryPicker picker) {
        this.model = model;
        this.folderScan = new FolderScanView(model.folderScan(), picker, () -> showFolderScan(false));
        setId("page-scans");
        getStyleClass().addAll("page", "scans-page");
        showFolderScan(false);
        TableView<ScanListItem> table = ScanTable.of(model);
        table.getSelectionModel().selectedItemProperty().subscribe(row -> {
            if (row != null) {
                model.select(row.id());
            }
        });
        SplitPane split = new SplitPane(table, new ScanDetailView(model.detail()));
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        VBox.setVgrow(split, Priority.ALWAYS);
        Label error = new Label();
        error.setId("scans-error");
        error.getStyleClass().add("error-message");
        error.textProperty().bind(model.errorProperty());
        error.managedProperty().bind(error.textProperty().isNotEmpty());
        getChildren().addAll(header(), toolbar(), error, folderScan, split);
    }

    /** "Scan a folder…": asks for the folder first, then shows the card with the projects loaded. */
    void scanAFolder() {
        if (folderScan.chooseFolder()) {
            model.folderScan().loadProjects();
            showFolderScan(true);
        }
    }

    private void showFolderScan(boolean shown) {
        folderScan.setVisible(shown);
        folderScan.setManaged(shown);
    }

    private VBox header() {
        Label title = new Label("Scans");
        title.getStyleClass().add("page-title");
        Label subtitle = new Label("Pull-request scans and every scan, newest first; running scans refresh by themselves.");
        subtitle.getStyleClass().add("page-subtitle");
        return new VBox(2, title, subtitle);
    }

    private HBox toolbar() {
        ToggleGroup group = new ToggleGroup();
        ToggleButton all = toggle("All scans", "scan-filter-all", group, "left-pill");
        ToggleButton pullRequests = toggle("PR scans", "scan-filter-pr", group, "right-pill");
        all.setSelected(model.allScansProperty().get());
        pullRequests.setSelected(!model.allScansProperty().get());
        group.selectedToggleProperty().addListener((observable, was, now) -> {
            if (now == null) {
                was.setSelected(true);
            } else {
                model.allScansProperty().set(now == all);
            }
        });
        Button refresh = new Button(null, new FontIcon(Feather.REFRESH_CW));
        refresh.setId("scans-refresh");
        refresh.setTooltip(new Tooltip("Refresh"));
        refresh.setOnAction(event -> model.refresh());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(model.loadingProperty().or(model.activeProperty()));
        Label live = new Label();
        live.getStyleClass().add("page-subtitle");
        live.textProperty().bind(model.activeProperty().map(on -> on ? "Scans under way: refreshing" : ""));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button scan = new Button("Scan a folder…", new FontIcon(Feather.FOLDER_PLUS));
        scan.setId("scan-folder-button");
        scan.getStyleClass().add("accent");
        scan.setTooltip(new Tooltip("Package a folder and scan it (Ctrl+O)"));
        scan.setOnAction(event -> scanAFolder());
        HBox bar = new HBox(new HBox(all, pullRequests), refresh, busy, live, spacer, scan);
        bar.getStyleClass().add("toolbar-row");
        return bar;
    }

    private static ToggleButton toggle(String text, String id, ToggleGroup group, String style) {
        ToggleButton button = new ToggleButton(text);
        button.setId(id);
        button.setToggleGroup(group);
        button.getStyleClass().add(style);
        return button;
    }
}
