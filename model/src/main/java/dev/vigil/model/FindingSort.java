package dev.vigil.model;

import java.util.Optional;

/**
 * The order of the findings list and export: a column, ascending or descending (a leading {@code -} on the
 * wire); ties always in the default order (severity, critical first, then first seen, then id).
 */
public record FindingSort(Column column, boolean descending) {

    /** The list's default order: {@code severity}, critical first. */
    public static final FindingSort DEFAULT = new FindingSort(Column.SEVERITY, false);

    public FindingSort {
        if (column == null) {
            throw new IllegalArgumentException("a sort needs a column");
        }
    }

    /** The columns a list can be sorted by, named as the {@code sort} parameter names them. */
    public enum Column implements WireEnum {
        SEVERITY("severity"),
        STATUS("status"),
        RULE_ID("rule_id"),
        LOCATION("location"),
        PROJECT_NAME("project_name"),
        SLA_DEADLINE("sla_deadline"),
        FIRST_SEEN("first_seen"),
        LAST_SEEN("last_seen");

        private final String wire;

        Column(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }
    }

    public static FindingSort ascending(Column column) {
        return new FindingSort(column, false);
    }

    public static FindingSort descending(Column column) {
        return new FindingSort(column, true);
    }

    /** The sort a {@code sort} parameter names ({@code rule_id}, {@code -first_seen}), empty for an unknown one. */
    public static Optional<FindingSort> parse(String text) {
        boolean descending = text.startsWith("-");
        String name = descending ? text.substring(1) : text;
        return WireEnum.parse(Column.class, name).map(column -> new FindingSort(column, descending));
    }

    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** The same column in the other direction. */
    public FindingSort reversed() {
        return new FindingSort(column, !descending);
    }

    /** As the {@code sort} parameter spells it. */
    public String wire() {
        return (descending ? "-" : "") + column.wire();
    }
}
