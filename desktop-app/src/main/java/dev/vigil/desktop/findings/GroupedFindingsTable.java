package dev.vigil.desktop.findings;

import dev.vigil.model.Finding;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The loaded findings folded by {@link FindingGroups}: a parent per package line or per rule in a file,
 * saying how many findings it holds and the worst severity, its findings under it. Rebuilt when the rows
 * change; parents opened stay open.
 */
final class GroupedFindingsTable {

    /** A row of the tree: a group, or one finding of it. */
    sealed interface Row permits GroupRow, FindingRow {
    }

    record GroupRow(FindingGroups.Group group) implements Row {
    }

    record FindingRow(Finding finding) implements Row {
    }

    private final TreeTableView<Row> tree = new TreeTableView<>(new TreeItem<>());
    private final Set<String> expanded = new HashSet<>();

    GroupedFindingsTable(ObservableList<Finding> rows) {
        tree.setId("findings-tree");
        tree.getStyleClass().add("findings-table");
        tree.setShowRoot(false);
        tree.setFixedCellSize(FindingsTable.ROW_HEIGHT);
        tree.setColumnResizePolicy(TreeTableView.UNCONSTRAINED_RESIZE_POLICY);
        tree.getColumns().add(column("Package line or rule in a file", 380, row -> switch (row) {
            case GroupRow g -> g.group().label() + " (" + g.group().findings().size() + ")";
            case FindingRow f -> f.finding().ruleId();
        }));
        tree.getColumns().add(column("Severity", 100, row -> switch (row) {
            case GroupRow g -> "worst: " + g.group().worst().wire();
            case FindingRow f -> f.finding().severity().wire();
        }));
        tree.getColumns().add(column("Status", 120, row -> row instanceof FindingRow f
                ? f.finding().status().wire().replace('_', ' ') : ""));
        tree.getColumns().add(column("Location", 300, row -> row instanceof FindingRow f ? f.finding().location() : ""));
        tree.getColumns().add(column("Project", 140, row -> switch (row) {
            case GroupRow g -> g.group().findings().getFirst().projectName();
            case FindingRow f -> f.finding().projectName();
        }));
        tree.getColumns().forEach(column -> column.setSortable(false));
        rows.subscribe(() -> rebuild(rows));
    }

    TreeTableView<Row> root() {
        return tree;
    }

    /** The finding of the selected row, empty for a parent or nothing. */
    Optional<Finding> selected() {
        TreeItem<Row> item = tree.getSelectionModel().getSelectedItem();
        return item != null && item.getValue() instanceof FindingRow f ? Optional.of(f.finding()) : Optional.empty();
    }

    private void rebuild(ObservableList<Finding> rows) {
        TreeItem<Row> root = tree.getRoot();
        root.getChildren().clear();
        for (FindingGroups.Group group : FindingGroups.of(rows)) {
            TreeItem<Row> parent = new TreeItem<>(new GroupRow(group));
            group.findings().forEach(finding -> parent.getChildren().add(new TreeItem<>(new FindingRow(finding))));
            parent.setExpanded(expanded.contains(group.key()));
            parent.expandedProperty().addListener((observable, was, open) -> {
                if (open) {
                    expanded.add(group.key());
                } else {
                    expanded.remove(group.key());
                }
            });
            root.getChildren().add(parent);
        }
    }

    private static TreeTableColumn<Row, Row> column(String title, double width, Function<Row, String> text) {
        TreeTableColumn<Row, Row> column = new TreeTableColumn<>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue().getValue()));
        column.setCellFactory(c -> new TreeTableCell<>() {
            private final Tooltip full = new Tooltip();

            @Override
            protected void updateItem(Row row, boolean empty) {
                super.updateItem(row, empty);
                String shown = empty || row == null ? null : text.apply(row);
                setText(shown);
                full.setText(shown);
                setTooltip(shown == null || shown.isEmpty() ? null : full);
            }
        });
        return column;
    }
}
