package dev.vigil.desktop.keys;

import atlantafx.base.theme.Styles;
import dev.vigil.desktop.shell.EmptyState;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.List;
import java.util.function.Function;

/** The API keys page: the form to create one, the table of keys, and the dialogs over them. */
final class KeysView extends StackPane {

    private static final PseudoClass REVOKED = PseudoClass.getPseudoClass("revoked");
    private static final PseudoClass EXPIRED = PseudoClass.getPseudoClass("expired");
    private static final PseudoClass THIS_APP = PseudoClass.getPseudoClass("this-app");

    private final KeysViewModel model;
    private final TableView<KeyRow> table = new TableView<>();
    private final ModalLayer modal = new ModalLayer();

    KeysView(KeysViewModel model) {
        this.model = model;
        setId("page-keys");
        Label title = new Label("API keys");
        title.getStyleClass().add("page-title");
        Label subtitle = new Label("Keys let the command line and CI pipelines act as a user of this tenant. "
                + "A key is shown once, when it is created.");
        subtitle.getStyleClass().add("page-subtitle");
        VBox page = new VBox(new VBox(2, title, subtitle), new CreateKeyForm(model), toolbar(), tableArea(), more());
        page.getStyleClass().addAll("page", "keys-page");
        getChildren().addAll(page, modal);
        model.createdProperty().subscribe(key -> {
            if (key == null) {
                modal.close();
            } else {
                modal.open(new NewKeyCard(key, model::dismissCreated), model::dismissCreated);
            }
        });
    }

    private HBox toolbar() {
        Button revoke = new Button("Revoke", new FontIcon(Feather.SLASH));
        revoke.setId("revoke-key");
        revoke.getStyleClass().addAll(Styles.DANGER, Styles.BUTTON_OUTLINED);
        revoke.setTooltip(new Tooltip("Revoke the selected key"));
        revoke.disableProperty().bind(Bindings.createBooleanBinding(() -> {
            KeyRow selected = table.getSelectionModel().getSelectedItem();
            return selected == null || !selected.isActive();
        }, table.getSelectionModel().selectedItemProperty()));
        revoke.setOnAction(event -> confirmRevoke(table.getSelectionModel().getSelectedItem()));
        Button refresh = new Button(null, new FontIcon(Feather.REFRESH_CW));
        refresh.setId("refresh-keys");
        refresh.setTooltip(new Tooltip("Load the keys again"));
        refresh.setOnAction(event -> model.reload());
        Label problem = new Label();
        problem.setId("keys-problem");
        problem.getStyleClass().add("error-message");
        problem.textProperty().bind(model.problemProperty());
        Label count = new Label();
        count.getStyleClass().add("page-subtitle");
        count.textProperty().bind(Bindings.createStringBinding(() -> model.rows().size()
                + (model.hasMoreProperty().get() ? "+ keys" : model.rows().size() == 1 ? " key" : " keys"),
                model.rows(), model.hasMoreProperty()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(revoke, refresh, problem, spacer, count);
        bar.getStyleClass().add("toolbar-row");
        return bar;
    }

    private void confirmRevoke(KeyRow row) {
        modal.open(new RevokeCard(row, () -> {
            modal.close();
            model.revoke(row);
        }, modal::close), modal::close);
    }

    private StackPane tableArea() {
        table.setId("keys-table");
        table.setItems(model.rows());
        table.setFixedCellSize(34);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(List.of(column("Name", row -> row.thisApp() ? row.name() + " (this app)" : row.name(), 220), column("Owner", KeyRow::owner, 240),
                column("Key", row -> row.prefix() + "…", 150), column("Created", KeyRow::created, 150),
                column("Expires", KeyRow::expires, 110), stateColumn()));
        table.setRowFactory(view -> new TableRow<>() {
            @Override
            protected void updateItem(KeyRow row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(REVOKED, !empty && row != null && row.state() == KeyRow.State.REVOKED);
                pseudoClassStateChanged(EXPIRED, !empty && row != null && row.state() == KeyRow.State.EXPIRED);
                pseudoClassStateChanged(THIS_APP, !empty && row != null && row.thisApp());
            }
        });
        EmptyState empty = new EmptyState(Feather.KEY, "No API keys yet",
                "Create one above for the command line or a CI pipeline.");
        empty.setId("keys-empty");
        empty.visibleProperty().bind(Bindings.isEmpty(model.rows()).and(model.loadingProperty().not())
                .and(model.problemProperty().isEmpty()));
        table.visibleProperty().bind(empty.visibleProperty().not());
        StackPane area = new StackPane(table, empty);
        VBox.setVgrow(area, Priority.ALWAYS);
        return area;
    }

    private HBox more() {
        Button more = new Button("Load more keys");
        more.setId("more-keys");
        more.setOnAction(event -> model.loadMore());
        more.disableProperty().bind(model.loadingProperty());
        HBox row = new HBox(more);
        row.setAlignment(Pos.CENTER);
        row.visibleProperty().bind(model.hasMoreProperty());
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    private static TableColumn<KeyRow, String> column(String title, Function<KeyRow, String> value, double width) {
        TableColumn<KeyRow, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        return column;
    }

    private static TableColumn<KeyRow, KeyRow.State> stateColumn() {
        TableColumn<KeyRow, KeyRow.State> column = new TableColumn<>("State");
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue().state()));
        column.setCellFactory(c -> new TableCell<>() {
            private final Label chip = new Label();

            @Override
            protected void updateItem(KeyRow.State state, boolean empty) {
                super.updateItem(state, empty);
                chip.getStyleClass().setAll("label", "status-chip", "key-state");
                if (empty || state == null) {
                    setGraphic(null);
                    return;
                }
                chip.setText(state.text());
                chip.getStyleClass().add(state.text());
                setGraphic(chip);
            }
        });
        column.setPrefWidth(100);
        return column;
    }
}
