package dev.vigil.desktop.scans;

import dev.vigil.desktop.shell.Guarded;
import dev.vigil.model.Project;
import dev.vigil.model.ScanType;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.nio.file.Path;

/** The "Scan a folder…" card: folder, project (or a new one), branch and kind, then the progress of the scan. */
final class FolderScanView extends VBox {

    private final FolderScanViewModel model;
    private final DirectoryPicker picker;

    FolderScanView(FolderScanViewModel model, DirectoryPicker picker, Runnable close) {
        this.model = model;
        this.picker = picker;
        setId("folder-scan");
        getStyleClass().addAll("card", "folder-scan");
        Label title = new Label("Scan a folder");
        title.getStyleClass().add("detail-title");
        Label hint = new Label(".git, node_modules, vendor, .terraform, target, dist and build are left out, "
                + "and so is whatever .gitignore ignores.");
        hint.getStyleClass().add("page-subtitle");
        hint.setWrapText(true);
        Button closeButton = new Button(null, new FontIcon(Feather.X));
        closeButton.setId("folder-scan-close");
        closeButton.getStyleClass().add("flat");
        closeButton.setOnAction(event -> close.run());
        closeButton.disableProperty().bind(model.runningProperty());
        HBox heading = new HBox(8, title, spacer(), closeButton);
        heading.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(heading, hint, form(), otherFolder(), progress());
    }

    /** Asks for the folder; false when the user cancelled. */
    boolean chooseFolder() {
        return picker.pick(getScene() == null ? null : getScene().getWindow()).map(folder -> {
            model.folderProperty().set(folder);
            return true;
        }).orElse(false);
    }

    private GridPane form() {
        Label folder = new Label();
        folder.setId("scan-folder-path");
        folder.textProperty().bind(model.folderProperty().map(Path::toString).orElse("No folder chosen"));
        Button choose = new Button("Choose…");
        choose.setOnAction(event -> chooseFolder());
        ComboBox<Project> project = new ComboBox<>(model.projects());
        project.setId("scan-project");
        project.setPromptText("Project");
        project.valueProperty().bindBidirectional(model.projectProperty());
        project.setButtonCell(new ProjectCell());
        project.setCellFactory(list -> new ProjectCell());
        TextField newProject = new TextField();
        newProject.setId("new-project-name");
        newProject.setPromptText("or a new project");
        newProject.textProperty().bindBidirectional(model.newProjectNameProperty());
        Button create = new Button("Create");
        create.setId("create-project");
        create.setOnAction(event -> model.createProject());
        newProject.setOnAction(event -> model.createProject());
        TextField branch = new TextField();
        branch.setId("scan-branch");
        branch.textProperty().bindBidirectional(model.branchProperty());
        ComboBox<ScanType> kind = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(ScanType.values()));
        kind.setId("scan-type");
        kind.valueProperty().bindBidirectional(model.scanTypeProperty());
        kind.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(ScanType type) {
                return type == null ? "" : type.wire();
            }

            @Override
            public ScanType fromString(String text) {
                return ScanType.parseExact(text).orElse(null);
            }
        });
        Button submit = new Button("Scan", new FontIcon(Feather.PLAY));
        submit.setId("submit-scan");
        submit.getStyleClass().add("accent");
        submit.setDefaultButton(true);
        submit.setOnAction(event -> model.submit());
        GridPane grid = new GridPane();
        grid.getStyleClass().add("form-grid");
        grid.addRow(0, new Label("Folder"), folder, choose);
        grid.addRow(1, new Label("Project"), project, new HBox(6, newProject, create));
        grid.addRow(2, new Label("Branch"), branch, kind);
        grid.add(new Guarded(submit, model.submitRefusal()), 1, 3);
        return grid;
    }

    /** The warning before a scan into a project whose earlier scans came from another folder. */
    private HBox otherFolder() {
        Label warning = new Label();
        warning.setId("scan-folder-warning");
        warning.getStyleClass().add("warning-message");
        warning.setWrapText(true);
        warning.textProperty().bind(model.folderWarningProperty());
        HBox.setHgrow(warning, Priority.ALWAYS);
        Button anyway = new Button("Scan into it anyway");
        anyway.setId("scan-anyway");
        anyway.setMinWidth(Region.USE_PREF_SIZE);
        anyway.setOnAction(event -> model.scanAnyway());
        anyway.disableProperty().bind(model.runningProperty());
        HBox box = new HBox(8, new FontIcon(Feather.ALERT_TRIANGLE), warning, anyway);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setId("folder-warning");
        box.getStyleClass().add("folder-warning");
        box.visibleProperty().bind(model.folderWarningProperty().isNotEmpty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private VBox progress() {
        ProgressBar bar = new ProgressBar(0);
        bar.setId("scan-progress");
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        Label phase = new Label();
        phase.setId("scan-phase");
        phase.textProperty().bind(model.phaseProperty());
        Label error = new Label();
        error.setId("scan-error");
        error.getStyleClass().add("error-message");
        error.setWrapText(true);
        error.textProperty().bind(model.errorProperty());
        Label notice = new Label();
        notice.setId("scan-notice");
        notice.getStyleClass().add("warning-message");
        notice.setWrapText(true);
        notice.textProperty().bind(model.noticeProperty());
        notice.visibleProperty().bind(model.noticeProperty().isNotEmpty());
        notice.managedProperty().bind(notice.visibleProperty());
        VBox box = new VBox(4, bar, phase, notice, error);
        box.visibleProperty().bind(model.runningProperty().or(model.phaseProperty().isNotEmpty())
                .or(model.errorProperty().isNotEmpty()));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private static Region spacer() {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        return spacer;
    }

    private static final class ProjectCell extends ListCell<Project> {
        @Override
        protected void updateItem(Project project, boolean empty) {
            super.updateItem(project, empty);
            setText(empty || project == null ? null : project.name());
        }
    }
}
