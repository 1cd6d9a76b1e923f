package dev.vigil.server.bench;

import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingQuery;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.Sql;

import java.lang.reflect.Field;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * For each list case: how many rows its filter matches, what a bare {@code COUNT(*)} of them costs, and how
 * HSQLDB's plan reaches {@code findings} for the list query (the SQL of {@link FindingRepository}, read
 * from it so that the plan is of the query the server runs).
 */
final class QueryPlans {

    private static final Pattern INDEX = Pattern.compile("index=(\\w+)");
    private static final Pattern EQUAL = Pattern.compile("EQUAL arg_left=\\[\\s*COLUMN: PUBLIC\\.FINDINGS\\.(\\w+)");

    private QueryPlans() {
    }

    /** The list query as the repository sends it, with {@code %s} for the WHERE clause. */
    static String listSql() {
        return constant("SELECT") + " WHERE %s" + constant("ORDER") + " LIMIT ?";
    }

    static void print(Database database, UUID tenantId, List<FindingsBench.Result> results) {
        Map<String, String> indexes = database.inTransaction(QueryPlans::indexColumns);
        Table table = new Table("request", "matching rows", "COUNT(*) ms", "plan: findings read through");
        for (FindingsBench.Result result : results) {
            if (result.measured().filter() == null) {
                continue;
            }
            FindingQuery query = FindingQuery.of(tenantId, result.measured().filter());
            long start = System.nanoTime();
            long count = database.inTransaction(c -> new FindingRepository().count(c, query));
            double countMillis = (System.nanoTime() - start) / 1e6;
            String sql = String.format(java.util.Locale.ROOT, listSql(), query.where());
            String plan = database.inTransaction(c -> explain(c, sql, withLimit(query.params(), 21), indexes));
            table.row(result.measured().name(), count, Latency.fmt(countMillis), plan);
        }
        table.print();
    }

    static Object[] withLimit(List<Object> params, int limit) {
        List<Object> all = new ArrayList<>(params);
        all.add(limit);
        return all.toArray();
    }

    /** The index the plan reads {@code findings} through, the columns it starts on, and what it filters. */
    static String explain(Connection c, String sql, Object[] params, Map<String, String> indexes) throws SQLException {
        StringBuilder findings = new StringBuilder();
        try (PreparedStatement statement = c.prepareStatement("EXPLAIN PLAN FOR " + inline(sql, params));
             ResultSet rows = statement.executeQuery()) {
            boolean inFindings = false;
            while (rows.next()) {
                String line = rows.getString(1).strip();
                inFindings = line.equals("table=FINDINGS") || inFindings && !line.startsWith("][range variable");
                if (inFindings) {
                    findings.append(line).append('\n');
                }
            }
        }
        return summary(findings.toString(), indexes);
    }

    private static String summary(String plan, Map<String, String> indexes) {
        Matcher index = INDEX.matcher(plan);
        String name = index.find() ? index.group(1) : "(no index)";
        List<String> starts = new ArrayList<>();
        for (Matcher equal = EQUAL.matcher(plan); equal.find(); ) {
            String column = equal.group(1).toLowerCase(java.util.Locale.ROOT);
            if (!column.equals("search_text")) {
                starts.add(column);
            }
        }
        return name + " " + indexes.getOrDefault(name, "") + ", equality on " + String.join(", ", starts)
                + (plan.contains("LIKE") ? ", LIKE tested on every row read" : "")
                + (plan.contains("ROW =") ? ", IN lists tested on every row read" : "") + "; then sorted";
    }

    private static Map<String, String> indexColumns(Connection c) throws SQLException {
        Map<String, String> indexes = new LinkedHashMap<>();
        for (String[] row : Sql.list(c, """
                SELECT index_name, column_name FROM information_schema.system_indexinfo
                WHERE table_name = 'FINDINGS' ORDER BY index_name, ordinal_position""",
                r -> new String[]{r.getString(1), r.getString(2).toLowerCase(java.util.Locale.ROOT)})) {
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

    private static String constant(String name) {
        try {
            Field field = FindingRepository.class.getDeclaredField(name);
            field.setAccessible(true);
            return (String) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("FindingRepository." + name + " is not there any more", e);
        }
    }
}
