package dev.vigil.server.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A small Markdown table, printed with aligned columns so that it reads well in a terminal and in a doc. */
final class Table {

    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    Table(String... headers) {
        this.columns = headers.length;
        rows.add(headers);
    }

    Table row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " cells, got " + cells.length);
        }
        rows.add(Arrays.stream(cells).map(String::valueOf).toArray(String[]::new));
        return this;
    }

    void print() {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        System.out.println(line(rows.getFirst(), widths));
        StringBuilder rule = new StringBuilder("|");
        for (int width : widths) {
            rule.append('-').append("-".repeat(width)).append("-|");
        }
        System.out.println(rule);
        rows.stream().skip(1).forEach(row -> System.out.println(line(row, widths)));
    }

    private static String line(String[] cells, int[] widths) {
        StringBuilder line = new StringBuilder("|");
        for (int i = 0; i < cells.length; i++) {
            line.append(' ').append(cells[i]).append(" ".repeat(widths[i] - cells[i].length())).append(" |");
        }
        return line.toString();
    }
}
