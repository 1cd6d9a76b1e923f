package dev.vigil.desktop.findings;

import dev.vigil.desktop.shell.SeverityBadge;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingSort;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/**
 * The findings as a plain virtualised table of immutable rows, in the server's order: a click on a header
 * asks the server for that order ({@link ServerSortedColumns}). Columns are resized by dragging and show
 * their whole text in a tooltip. A row showing one of the last rows asks for the next page.
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
        // each column keeps the width it is dragged to; the table scrolls sideways when they outgrow it
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setRowFactory(view -> new FindingRow(model));
        table.getColumns().add(sorted(severityColumn(), FindingSort.Column.SEVERITY));
        table.getColumns().add(sorted(statusColumn(), FindingSort.Column.STATUS));
        table.getColumns().add(sorted(textColumn("Rule", 190, Finding::ruleId), FindingSort.Column.RULE_ID));
        table.getColumns().add(sorted(textColumn("Location", 320, Finding::location), FindingSort.Column.LOCATION));
        table.getColumns().add(sorted(textColumn("Project", 130, Finding::projectName),
                FindingSort.Column.PROJECT_NAME));
        table.getColumns().add(textColumn("Assignee", 150, f -> f.assignedTo() == null ? "" : f.assignedTo()));
        table.getColumns().add(sorted(slaColumn(), FindingSort.Column.SLA_DEADLINE));
        table.getColumns().add(sorted(textColumn("First seen", 100, f -> day(f.firstSeen())),
                FindingSort.Column.FIRST_SEEN));
        table.getColumns().add(sorted(textColumn("Last seen", 100, f -> day(f.lastSeen())),
                FindingSort.Column.LAST_SEEN));
        table.getColumns().forEach(column -> column.setReorderable(false));
        ServerSortedColumns.bind(table, model.sortProperty());
        return table;
    }

    /** Marks {@code column} as sorted by the server's {@code sort} on {@code by}. */
    private static TableColumn<Finding, Finding> sorted(TableColumn<Finding, Finding> column, FindingSort.Column by) {
        column.setUserData(by);
        return column;
    }

    static String day(Instant instant) {
        return instant == null ? "" : DAY.format(instant);
    }

    private static TableColumn<Finding, Finding> column(String title, double width) {
        TableColumn<Finding, Finding> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setMinWidth(Math.min(width, MIN_COLUMN_WIDTH));
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue()));
        return column;
    }

    private static TableColumn<Finding, Finding> textColumn(String title, double width, Function<Finding, String> text) {
        TableColumn<Finding, Finding> column = column(title, width);
        column.setCellFactory(c -> new TableCell<>() {
            private final Tooltip full = new Tooltip();

            @Override
            protected void updateItem(Finding finding, boolean empty) {
                super.updateItem(finding, empty);
                String shown = empty || finding == null ? null : text.apply(finding);
                setText(shown);
                full.setText(shown);
                // the whole text on hover, however narrow the column
                setTooltip(shown == null || shown.isEmpty() ? null : full);
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
        TableColumn<Finding, Finding> column = column("Status", 130);
        column.setCellFactory(c -> new TableCell<>() {
            private final Label chip = new Label();

            private final Tooltip full = new Tooltip();

            {
                chip.getStyleClass().add("status-chip");
                chip.setMinWidth(Region.USE_PREF_SIZE);  // a chip is never cut to "in progr…"
                setGraphic(chip);
            }

            @Override
            protected void updateItem(Finding finding, boolean empty) {
                super.updateItem(finding, empty);
                String shown = empty || finding == null ? null : finding.status().wire().replace('_', ' ');
                chip.setText(shown);
                chip.setVisible(shown != null);
                full.setText(shown);
                setTooltip(shown == null ? null : full);
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
