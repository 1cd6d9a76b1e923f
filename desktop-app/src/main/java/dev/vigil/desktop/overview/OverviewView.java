package dev.vigil.desktop.overview;

import dev.vigil.desktop.shell.EmptyState;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Project;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;

import java.util.function.Consumer;

/** The Overview page: the project picker, four metric cards and the charts, or the empty state. */
final class OverviewView extends VBox {

    private final MetricCard open = new MetricCard("metric-open", "Open findings");
    private final MetricCard severe = new MetricCard("metric-critical-high", "Critical and high open");
    private final MetricCard breached = new MetricCard("metric-sla", "SLA breached");
    private final MetricCard fixed = new MetricCard("metric-fixed", "Fixed in the last " + OverviewViewModel.DAYS + " days");
    private final OverviewCharts charts = new OverviewCharts();
    private final EmptyState empty = new EmptyState(Feather.PIE_CHART, "No findings yet", "Scan a folder to see findings here.");
    private final OverviewViewModel model;

    OverviewView(OverviewViewModel model) {
        this.model = model;
        setId("page-overview");
        getStyleClass().addAll("page", "overview");
        VBox dashboard = new VBox(12, new HBox(12, open, severe, breached, fixed), charts);
        dashboard.getStyleClass().add("overview-dashboard");
        VBox.setVgrow(charts, Priority.ALWAYS);
        empty.setId("overview-empty");
        empty.visibleProperty().bind(model.emptyProperty());
        dashboard.visibleProperty().bind(model.emptyProperty().not().and(model.figuresProperty().isNotNull()));
        StackPane body = new StackPane(dashboard, empty);
        VBox.setVgrow(body, Priority.ALWAYS);
        Label error = new Label();
        error.setId("overview-error");
        error.getStyleClass().add("error-message");
        error.textProperty().bind(model.errorProperty());
        error.managedProperty().bind(error.textProperty().isNotEmpty());
        getChildren().addAll(header(model), error, body);
        model.figuresProperty().subscribe(figures -> {
            if (figures != null) {
                open.show(figures.open(), false);
                severe.show(figures.criticalHighOpen(), true);
                breached.show(figures.slaBreached(), true);
                fixed.show(figures.fixedInPeriod(), false);
                charts.show(figures.stats(), figures.trend());
            }
        });
    }

    /** What "Scan a folder…" in the empty state does. */
    void onScanAFolder(Runnable scan) {
        empty.action("overview-scan-folder", "Scan a folder…", scan);
    }

    /** Where a click on a chart leads: the filter of its findings, in the project shown. */
    void onDrillDown(Consumer<FindingFilter> then) {
        charts.onDrillDown(filter -> then.accept(filter.withProject(model.projectProperty().get() == null ? null
                : model.projectProperty().get().id())));
    }

    private HBox header(OverviewViewModel model) {
        Label title = new Label("Overview");
        title.getStyleClass().add("page-title");
        Label subtitle = new Label("Findings by severity, status and scan type; open findings over time.");
        subtitle.getStyleClass().add("page-subtitle");
        ComboBox<Project> project = new ComboBox<>(model.projects());
        project.setId("overview-project");
        project.valueProperty().bindBidirectional(model.projectProperty());
        project.setButtonCell(new ProjectCell());
        project.setCellFactory(list -> new ProjectCell());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(model.loadingProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(new VBox(2, title, subtitle), spacer, busy, project);
        header.getStyleClass().add("toolbar-row");
        return header;
    }

    private static final class ProjectCell extends ListCell<Project> {
        @Override
        protected void updateItem(Project project, boolean empty) {
            super.updateItem(project, empty);
            setText(empty || project == null ? null : project.name());
        }
    }
}
