package dev.vigil.desktop.findings;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingSort;
import javafx.beans.property.ObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/**
 * Header clicks as the server's {@code sort}: the table never reorders its rows itself, since it holds only
 * the pages loaded so far. A column whose user data is a {@link FindingSort.Column} can be sorted; the first
 * column of the table's sort order, in its direction, becomes the list's sort, and no column the default.
 */
final class ServerSortedColumns {

    private ServerSortedColumns() {
    }

    static void bind(TableView<Finding> table, ObjectProperty<FindingSort> sort) {
        for (TableColumn<Finding, ?> column : table.getColumns()) {
            column.setSortable(column.getUserData() instanceof FindingSort.Column);
            column.sortTypeProperty().addListener((observable, was, now) -> apply(table, sort));
        }
        table.setSortPolicy(ignored -> true);  // the rows stay in the server's order
        table.getSortOrder().addListener((ListChangeListener<TableColumn<Finding, ?>>) change -> apply(table, sort));
    }

    /** The sort a column asks for in its current direction. */
    static FindingSort of(TableColumn<Finding, ?> column) {
        FindingSort.Column by = (FindingSort.Column) column.getUserData();
        return new FindingSort(by, column.getSortType() == TableColumn.SortType.DESCENDING);
    }

    private static void apply(TableView<Finding> table, ObjectProperty<FindingSort> sort) {
        FindingSort wanted = table.getSortOrder().isEmpty() ? FindingSort.DEFAULT : of(table.getSortOrder().getFirst());
        if (!wanted.equals(sort.get())) {
            sort.set(wanted);
        }
    }
}
