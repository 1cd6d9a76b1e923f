package dev.vigil.desktop.findings;

import dev.vigil.desktop.shell.SeverityBadge;
import dev.vigil.model.Finding;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/**
 * The findings as a plain virtualised table of immutable rows, in the server's order (severity, then
 * oldest first): columns do not sort. A row showing one of the last rows asks for the next page.
 */
final class FindingsTable {

    static final double ROW_HEIGHT = 30;
    private static final int PREFETCH_ROWS = 40;
    /** Below this a badge, a status or a date turns into "…": the table scrolls sideways instead. */
    private static final double MIN_COLUMN_WIDTH = 92;
    private static final PseudoClass OVERDUE = PseudoClass.getPseudoClass("overdue");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneId.systemDefault());

    private FindingsTable() {
    }

    static TableView<Finding> create(FindingsViewModel model) {
        TableView<Finding> table = new TableView<>(model.rows());
        table.setId("findings-table");
        table.getStyleClass().add("findings-table");
        table.setFixedCellSize(ROW_HEIGHT);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setRowFactory(view -> new FindingRow(model));
        table.getColumns().add(severityColumn());
        table.getColumns().add(statusColumn());
        table.getColumns().add(textColumn("Rule", 170, Finding::ruleId));
        table.getColumns().add(textColumn("Location", 300, Finding::location));
        table.getColumns().add(textColumn("Project", 130, Finding::projectName));
        table.getColumns().add(textColumn("Assignee", 150, f -> f.assignedTo() == null ? "" : f.assignedTo()));
        table.getColumns().add(slaColumn());
        table.getColumns().add(textColumn("First seen", 95, f -> day(f.firstSeen())));
        table.getColumns().add(textColumn("Last seen", 95, f -> day(f.lastSeen())));
        table.getColumns().forEach(column -> {
            column.setSortable(false);
            column.setReorderable(false);
        });
        return table;
    }

    static String day(Instant instant) {
        return instant == null ? "" : DAY.format(instant);
    }

    private static TableColumn<Finding, Finding> column(String title, double width) {
        TableColumn<Finding, Finding> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setMinWidth(Math.min(width, MIN_COLUMN_WIDTH));
        column.setCellValueFactory(cell -> new javafx.beans.property.ReadOnlyObjectWrapper<>(cell.getValue()));
        return column;
    }

    private static TableColumn<Finding, Finding> textColumn(String title, double width, Function<Finding, String> text) {
        TableColumn<Finding, Finding> column = column(title, width);
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Finding finding, boolean empty) {
                super.updateItem(finding, empty);
                setText(empty || finding == null ? null : text.apply(finding));
            }
        });
        return column;
    }

    private static TableColumn<Finding, Finding> severityColumn() {
        TableColumn<Finding, Finding> column = column("Severity", 95);
        column.setCellFactory(c -> new TableCell<>() {
            private final SeverityBadge badge = new SeverityBadge();

            {
                setGraphic(badge);  // kept: swapping the graphic in and out re-applies CSS on every scroll
            }

            @Override
            protected void updateItem(Finding finding, boolean empty) {
                super.updateItem(finding, empty);
                badge.show(empty || finding == null ? null : finding.severity());
            }
        });
        return column;
    }

    private static TableColumn<Finding, Finding> statusColumn() {
        TableColumn<Finding, Finding> column = column("Status", 115);
        column.setCellFactory(c -> new TableCell<>() {
            private final Label chip = new Label();

            {
                chip.getStyleClass().add("status-chip");
                setGraphic(chip);
            }

            @Override
            protected void updateItem(Finding finding, boolean empty) {
                super.updateItem(finding, empty);
                chip.setText(empty || finding == null ? null : finding.status().wire().replace('_', ' '));
                chip.setVisible(!empty && finding != null);
            }
        });
        return column;
    }

    private static TableColumn<Finding, Finding> slaColumn() {
        TableColumn<Finding, Finding> column = textColumn("SLA due", 125,
                f -> f.slaDeadline() == null ? "none" : day(f.slaDeadline()) + (f.slaBreached() ? " · overdue" : ""));
        var plain = column.getCellFactory();
        column.setCellFactory(c -> {
            TableCell<Finding, Finding> cell = plain.call(c);
            cell.getStyleClass().add("sla-cell");
            return cell;
        });
        return column;
    }

    /** A row: {@code :overdue} when the SLA has passed; near the end it asks for the next page. */
    private static final class FindingRow extends TableRow<Finding> {

        private final FindingsViewModel model;

        FindingRow(FindingsViewModel model) {
            this.model = model;
        }

        @Override
        protected void updateItem(Finding finding, boolean empty) {
            super.updateItem(finding, empty);
            pseudoClassStateChanged(OVERDUE, !empty && finding != null && finding.slaBreached());
            if (!empty && getIndex() >= model.rows().size() - PREFETCH_ROWS && model.hasMoreProperty().get()) {
                model.loadMore();
            }
        }
    }
}
