package dev.vigil.desktop.decisions;

import atlantafx.base.theme.Styles;
import dev.vigil.desktop.shell.EmptyState;
import dev.vigil.model.Decision;
import dev.vigil.model.FindingStatus;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** The Decisions page: a status filter, the table of decisions, delete and refresh. */
final class DecisionsView extends StackPane {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.systemDefault());

    private final DecisionsViewModel model;
    private final TableView<Decision> table = new TableView<>();

    DecisionsView(DecisionsViewModel model) {
        this.model = model;
        setId("page-decisions");
        Label title = new Label("Decisions");
        title.getStyleClass().add("page-title");
        Label subtitle = new Label("A decision gives every matching open finding of the tenant its status, now and"
                + " in later scans. Deleting it puts back what it changed and nobody touched since.");
        subtitle.getStyleClass().add("page-subtitle");
        subtitle.setWrapText(true);
        VBox page = new VBox(new VBox(2, title, subtitle), toolbar(), tableArea(), more());
        page.getStyleClass().addAll("page", "decisions-page");
        getChildren().add(page);
        model.rows().addListener((ListChangeListener<Decision>) change -> selectFocused());
        model.focusedProperty().subscribe(id -> selectFocused());
    }

    private HBox toolbar() {
        ComboBox<FindingStatus> status = new ComboBox<>();
        status.setId("decisions-status");
        status.getItems().add(null);
        status.getItems().addAll(Arrays.asList(FindingStatus.ACCEPTED, FindingStatus.FALSE_POSITIVE));
        status.setConverter(new StringConverter<>() {
            @Override
            public String toString(FindingStatus value) {
                return value == null ? "Any status" : value.wire().replace('_', ' ');
            }

            @Override
            public FindingStatus fromString(String text) {
                return null;
            }
        });
        status.valueProperty().bindBidirectional(model.statusProperty());
        Button delete = new Button("Delete", new FontIcon(Feather.TRASH_2));
        delete.setId("delete-decision");
        delete.getStyleClass().addAll(Styles.DANGER, Styles.BUTTON_OUTLINED);
        delete.setTooltip(new Tooltip("Delete the selected decision"));
        delete.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        delete.setOnAction(event -> model.delete(table.getSelectionModel().getSelectedItem()));
        Button refresh = new Button(null, new FontIcon(Feather.REFRESH_CW));
        refresh.setId("refresh-decisions");
        refresh.setTooltip(new Tooltip("Load the decisions again"));
        refresh.setOnAction(event -> model.reload());
        Label problem = new Label();
        problem.setId("decisions-problem");
        problem.getStyleClass().add("error-message");
        problem.textProperty().bind(model.problemProperty());
        Label message = new Label();
        message.setId("decisions-message");
        message.getStyleClass().add("success-message");
        message.textProperty().bind(model.messageProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, status, delete, refresh, problem, message, spacer);
        bar.getStyleClass().add("toolbar-row");
        return bar;
    }

    private StackPane tableArea() {
        table.setId("decisions-table");
        table.setItems(model.rows());
        table.setFixedCellSize(34);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(List.of(column("Scope", DecisionText::scope, 320),
                column("Status", d -> d.status().wire().replace('_', ' '), 110),
                column("Until", d -> d.until() == null ? "—" : d.until().toString(), 100),
                column("Findings", d -> Integer.toString(d.applied()), 80),
                column("By", Decision::createdBy, 180),
                column("Created", d -> TIME.format(d.createdAt()), 140),
                column("Reason", Decision::reason, 260)));
        EmptyState empty = new EmptyState(Feather.CHECK_SQUARE, "No decisions",
                "Make one from a finding with \"Apply to…\", or through POST /v1/decisions.");
        empty.setId("decisions-empty");
        empty.visibleProperty().bind(Bindings.isEmpty(model.rows()).and(model.loadingProperty().not())
                .and(model.problemProperty().isEmpty()));
        table.visibleProperty().bind(empty.visibleProperty().not());
        StackPane area = new StackPane(table, empty);
        VBox.setVgrow(area, Priority.ALWAYS);
        return area;
    }

    private HBox more() {
        Button more = new Button("Load more decisions");
        more.setId("more-decisions");
        more.setOnAction(event -> model.loadMore());
        more.disableProperty().bind(model.loadingProperty());
        HBox row = new HBox(more);
        row.setAlignment(Pos.CENTER);
        row.visibleProperty().bind(model.hasMoreProperty());
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    private void selectFocused() {
        var id = model.focusedProperty().get();
        if (id == null) {
            return;
        }
        model.rows().stream().filter(d -> d.id().equals(id)).findFirst().ifPresent(d -> {
            table.getSelectionModel().select(d);
            table.scrollTo(d);
        });
    }

    private static TableColumn<Decision, String> column(String title, Function<Decision, String> value, double width) {
        TableColumn<Decision, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        return column;
    }
}
