package dev.vigil.server.bench;

import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingQuery;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.Sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * For each list case: how many rows its filter matches, what a bare {@code COUNT(*)} of them costs, and how
 * HSQLDB's plan reaches {@code findings} (or, for a search, the term index) for the page's id query, as
 * {@link FindingRepository#idQuery} builds it. Explains where a case that misses its target spends its time.
 */
final class QueryPlans {

    private static final Pattern INDEX = Pattern.compile("index=(\\w+)");
    private static final Pattern EQUAL = Pattern.compile("EQUAL arg_left=\\[\\s*COLUMN: PUBLIC\\.FINDING(?:S|_TERMS)\\.(\\w+)");

    private QueryPlans() {
    }

    static void print(Database database, UUID tenantId, List<FindingsBench.Result> results) {
        Map<String, String> indexes = database.inTransaction(QueryPlans::indexColumns);
        FindingRepository findings = new FindingRepository(database.dialect());
        Table table = new Table("request", "matching rows", "COUNT(*) ms", "plan of the id query: findings read through");
        for (FindingsBench.Result result : results) {
            if (result.measured().filter() == null) {
                continue;
            }
            FindingQuery query = FindingQuery.of(tenantId, result.measured().filter(), result.measured().sort());
            long start = System.nanoTime();
            long count = database.inTransaction(c -> findings.count(c, query));
            double countMillis = (System.nanoTime() - start) / 1e6;
            String plan = database.inTransaction(c -> {
                if (findings.walks(c, query)) {
                    return "the sort's segments, each along its index (ADR 0068)";
                }
                FindingRepository.Ids ids = findings.idQuery(c, query, 21);
                return explain(c, ids.sql(), ids.params(), indexes);
            });
            table.row(result.measured().name(), count, Latency.fmt(countMillis), plan);
        }
        table.print();
    }

    /** The index the plan reads {@code findings} through, the columns it seeks on, and what it tests per row. */
    private static String explain(Connection c, String sql, Object[] params, Map<String, String> indexes)
            throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (PreparedStatement statement = c.prepareStatement("EXPLAIN PLAN FOR " + inline(sql, params));
             ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                plan.append(rows.getString(1).strip()).append('\n');
            }
        }
        return summary(plan.toString(), indexes);
    }

    private static String summary(String plan, Map<String, String> indexes) {
        Matcher index = INDEX.matcher(plan);
        String name = index.find() ? index.group(1) : "(no index)";
        List<String> seeks = new ArrayList<>();
        for (Matcher equal = EQUAL.matcher(plan); equal.find(); ) {
            String column = equal.group(1).toLowerCase(Locale.ROOT);
            if (!column.equals("search_text") && !seeks.contains(column)) {
                seeks.add(column);
            }
        }
        return name + " " + indexes.getOrDefault(name, "") + ", seek on " + String.join(", ", seeks)
                + (plan.contains("LIKE") ? "; LIKE tested on each row walked" : "")
                + (plan.contains("ROW =") ? "; IN list tested on each row walked" : "");
    }

    private static Map<String, String> indexColumns(Connection c) throws SQLException {
        Map<String, String> indexes = new LinkedHashMap<>();
        for (String[] row : Sql.list(c, """
                SELECT index_name, column_name FROM information_schema.system_indexinfo
                WHERE table_name IN ('FINDINGS', 'FINDING_TERMS') ORDER BY index_name, ordinal_position""",
                r -> new String[]{r.getString(1), r.getString(2).toLowerCase(Locale.ROOT)})) {
            indexes.merge(row[0], "(" + row[1] + ")", (a, b) -> a.substring(0, a.length() - 1) + ", " + b.substring(1));
        }
        return indexes;
    }

    /** HSQLDB explains a statement without parameters: the values go in as literals. */
    private static String inline(String sql, Object[] params) {
        StringBuilder text = new StringBuilder();
        int next = 0;
        for (char ch : sql.toCharArray()) {
            if (ch != '?') {
                text.append(ch);
                continue;
            }
            Object value = params[next++];
            String literal = "'" + value.toString().replace("'", "''") + "'";
            text.append(value instanceof Number ? value.toString()
                    : value instanceof UUID ? "CAST(" + literal + " AS UUID)" : literal);
        }
        return text.toString();
    }
}
