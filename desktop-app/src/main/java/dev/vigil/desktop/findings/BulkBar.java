package dev.vigil.desktop.findings;

import dev.vigil.desktop.shell.Guarded;
import dev.vigil.model.Finding;
import dev.vigil.model.TriageAction;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The selection's actions: select all matching (up to the bulk limit), the six actions (each confirmed, and
 * refused where it would change none of the selection), assign, progress, and the undo bar. The selection
 * survives an action: the same findings are selected again once the list has reloaded.
 */
final class BulkBar {

    private final FlowPane root = new FlowPane(6, 6);
    private final TableView<Finding> table;
    private final FindingsViewModel list;
    private final BulkTriageViewModel bulk;

    BulkBar(TableView<Finding> table, FindingsViewModel list, BulkTriageViewModel bulk, TriagePrompts prompts) {
        this.table = table;
        this.list = list;
        this.bulk = bulk;
        root.getStyleClass().addAll("toolbar-row", "bulk-bar");
        bulk.selectedProperty().bind(Bindings.size(table.getSelectionModel().getSelectedItems()));
        Bindings.bindContent(bulk.selection(), table.getSelectionModel().getSelectedItems());
        Label selected = new Label();
        selected.setId("selection-count");
        selected.textProperty().bind(Bindings.format("%,d selected", bulk.selectedProperty()));
        Button all = new Button("Select all matching");
        all.setId("select-all-matching");
        all.setTooltip(new Tooltip("Loads the matching findings page by page, up to the bulk limit of 1,000, and selects them"));
        all.setOnAction(event -> selectAllMatching());
        root.getChildren().addAll(selected, all);
        for (TriageAction action : TriageAction.values()) {
            Button button = new Button(TriageRules.label(action));
            button.setId("bulk-" + action.wire());
            button.setOnAction(event -> {
                List<Finding> targets = targets();
                prompts.bulkTriage(action, targets, input -> bulk.apply(targets, input, this::afterChange));
            });
            root.getChildren().add(new Guarded(button, bulk.refusalOf(action)));
        }
        Button assign = new Button("Assign…");
        assign.setId("bulk-assign");
        assign.setOnAction(event -> prompts.assign(targets().size(), user -> bulk.assign(targets(),
                user.map(u -> u.id()).orElse(null), user.map(u -> u.email()).orElse(""), this::afterChange)));
        root.getChildren().add(new Guarded(assign, bulk.assignRefusal()));
        ProgressBar progress = new ProgressBar();
        progress.setId("bulk-progress");
        progress.progressProperty().bind(bulk.progressProperty());
        progress.visibleProperty().bind(bulk.runningProperty());
        progress.managedProperty().bind(bulk.runningProperty());
        Label summary = new Label();
        summary.setId("bulk-summary");
        summary.textProperty().bind(bulk.summaryProperty());
        root.getChildren().addAll(progress, summary, new UndoBar(bulk, this::afterChange));
    }

    Node root() {
        return root;
    }

    /** Loads rows up to the bulk limit across pages, then selects all the loaded rows. */
    void selectAllMatching() {
        list.loadUpTo(BulkTriageViewModel.BULK_LIMIT, () -> {
            table.getSelectionModel().clearSelection();
            int count = Math.min(list.rows().size(), BulkTriageViewModel.BULK_LIMIT);
            if (count > 0) {
                table.getSelectionModel().selectRange(0, count);
            }
        });
    }

    private List<Finding> targets() {
        return List.copyOf(table.getSelectionModel().getSelectedItems());
    }

    /** Reloads as many rows as were loaded, then selects again those of the same findings still listed. */
    private void afterChange() {
        Set<UUID> kept = table.getSelectionModel().getSelectedItems().stream().map(Finding::id).collect(Collectors.toSet());
        int loaded = list.rows().size();
        list.reload();
        list.loadUpTo(loaded, () -> {
            int[] again = IntStream.range(0, list.rows().size()).filter(i -> kept.contains(list.rows().get(i).id())).toArray();
            table.getSelectionModel().clearSelection();
            if (again.length > 0) {
                table.getSelectionModel().selectIndices(again[0], Arrays.copyOfRange(again, 1, again.length));
            }
        });
    }
}
