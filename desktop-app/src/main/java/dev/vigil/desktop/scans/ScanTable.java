package dev.vigil.desktop.scans;

import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanStatus;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/**
 * The scan list as a plain table with fixed rows; a row's status and blocked state are pseudo-classes. A row
 * showing one of the last rows asks for the next page.
 */
final class ScanTable {

    private static final int PREFETCH_ROWS = 20;
    private static final PseudoClass BLOCKED = PseudoClass.getPseudoClass("blocked");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private ScanTable() {
    }

    static TableView<ScanListItem> of(ScansViewModel model) {
        TableView<ScanListItem> table = new TableView<>(model.scans());
        table.setId("scans-table");
        table.getStyleClass().add("scans-table");
        table.setFixedCellSize(32);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No scans yet: scan a folder (Ctrl+O)."));
        table.setRowFactory(view -> new StatusRow(model));
        table.getColumns().add(statusColumn());
        table.getColumns().add(column("Project", 140, ScanListItem::projectName));
        table.getColumns().add(column("Branch", 120, ScanListItem::branch));
        table.getColumns().add(column("Type", 90, item -> item.scanType().wire()));
        table.getColumns().add(column("Critical", 64, ScanListItem::criticalCount, "count-cell", "critical"));
        table.getColumns().add(column("High", 56, ScanListItem::highCount, "count-cell", "high"));
        table.getColumns().add(column("Findings", 70, ScanListItem::findingsCount, "count-cell"));
        table.getColumns().add(column("Blocked", 70, item -> item.isBlocked() ? "Blocked" : "", "blocked-cell"));
        table.getColumns().add(column("Created", 150, item -> time(item.createdAt())));
        table.getColumns().add(column("Completed", 150, item -> time(item.completedAt())));
        return table;
    }

    static String time(Instant at) {
        return at == null ? "" : TIME.format(at);
    }

    private static TableColumn<ScanListItem, ScanStatus> statusColumn() {
        TableColumn<ScanListItem, ScanStatus> column = new TableColumn<>("Status");
        column.setPrefWidth(100);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue().status()));
        column.setCellFactory(view -> new TableCell<>() {
            private final Label chip = new Label();

            {
                chip.getStyleClass().add("scan-status");
            }

            @Override
            protected void updateItem(ScanStatus status, boolean empty) {
                super.updateItem(status, empty);
                chip.getStyleClass().removeIf(style -> !style.equals("scan-status") && !style.equals("label"));
                if (empty || status == null) {
                    setGraphic(null);
                    return;
                }
                chip.setText(status.wire());
                chip.getStyleClass().add(status.wire());
                setGraphic(chip);
            }
        });
        return column;
    }

    private static <T> TableColumn<ScanListItem, T> column(String title, double width,
                                                          Function<ScanListItem, T> value, String... styles) {
        TableColumn<ScanListItem, T> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.getStyleClass().addAll(styles);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        return column;
    }

    /**
     * Carries {@code :pending}, {@code :running}, {@code :completed}, {@code :failed} and {@code :blocked}; near
     * the end it asks for the next page.
     */
    private static final class StatusRow extends TableRow<ScanListItem> {

        private final ScansViewModel model;

        StatusRow(ScansViewModel model) {
            this.model = model;
        }

        @Override
        protected void updateItem(ScanListItem item, boolean empty) {
            super.updateItem(item, empty);
            for (ScanStatus status : ScanStatus.values()) {
                pseudoClassStateChanged(PseudoClass.getPseudoClass(status.wire()),
                        !empty && item != null && item.status() == status);
            }
            pseudoClassStateChanged(BLOCKED, !empty && item != null && item.isBlocked());
            setId(empty || item == null ? null : "scan-row-" + item.id());
            boolean nearTheEnd = getIndex() >= getTableView().getItems().size() - PREFETCH_ROWS;
            if (!empty && nearTheEnd && model.hasMoreProperty().get()) {
                model.loadMore();
            }
        }
    }
}
