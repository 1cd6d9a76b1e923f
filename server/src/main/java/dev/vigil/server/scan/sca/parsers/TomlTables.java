package dev.vigil.server.scan.sca.parsers;

import com.google.re2j.Pattern;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A small line-based reader of the TOML that tools write (Cargo.lock, poetry.lock, uv.lock, Pipfile,
 * pyproject.toml, Cargo.toml): tables and arrays of tables with {@code key = value} lines, arrays and inline
 * tables kept as raw text (they may span lines). Not a full TOML parser: dotted keys stay as written. A line
 * that is none of these, an unclosed header, string, array or inline table is a {@link MalformedManifestException}
 * at its line: a lockfile read past its damage would lose dependencies, and the scan would resolve their findings.
 */
final class TomlTables {

    /** A raw value and the line of its key. */
    record Value(String raw, int line) {

        String string() {
            return unquote(raw.trim());
        }
    }

    /** One {@code [table]} or {@code [[array.element]]} (name {@code ""} for the keys before the first). */
    record Table(String name, boolean arrayElement, int line, Map<String, Value> values) {

        Optional<String> string(String key) {
            return Optional.ofNullable(values.get(key)).map(Value::string);
        }
    }

    /** The compiled pattern of {@link #fields} by key: compiling one costs more than most values take to search. */
    private static final Map<String, Pattern> FIELDS = new ConcurrentHashMap<>();

    private TomlTables() {
    }

    static List<Table> read(String text) {
        List<Table> tables = new ArrayList<>();
        Table current = new Table("", false, 1, new LinkedHashMap<>());
        tables.add(current);
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = stripComment(lines.get(i)).trim();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]")) {
                    throw new MalformedManifestException("unclosed table header", i + 1);
                }
                boolean array = line.startsWith("[[");
                String name = tableName(line);
                current = new Table(unquote(name), array, i + 1, new LinkedHashMap<>());
                tables.add(current);
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new MalformedManifestException("expected a table or a key = value", i + 1);
            }
            StringBuilder value = new StringBuilder(line.substring(eq + 1).trim());
            int start = i;
            i = continueValue(lines, i, value);
            checkClosed(value.toString(), start + 1);
            current.values().putIfAbsent(unquote(line.substring(0, eq).trim()), new Value(value.toString(), start + 1));
        }
        return tables;
    }

    /** The name in a {@code [table]} or {@code [[array]]} header line, without its brackets. */
    private static String tableName(String header) {
        int start = 0;
        int end = header.length();
        while (start < end && header.charAt(start) == '[') {
            start++;
        }
        while (end > start && header.charAt(end - 1) == ']') {
            end--;
        }
        return header.substring(start, end).trim();
    }

    /** Appends the lines of a value that goes on (an open array or inline table, a multi-line string). */
    private static int continueValue(List<String> lines, int i, StringBuilder value) {
        String raw = value.toString();
        if (raw.startsWith("\"\"\"") || raw.startsWith("'''")) {
            String delimiter = raw.substring(0, 3);
            boolean closed = raw.indexOf(delimiter, 3) >= 0;
            while (!closed && i + 1 < lines.size()) {
                String next = lines.get(++i);
                value.append('\n').append(next);
                closed = next.contains(delimiter);
            }
            return i;
        }
        int depth = depth(raw);
        while (depth > 0 && i + 1 < lines.size()) {
            String next = stripComment(lines.get(++i));
            value.append('\n').append(next);
            depth += depth(next);
        }
        return i;
    }

    /** Rejects a value that is missing or whose string, array or inline table does not close. */
    private static void checkClosed(String raw, int line) {
        boolean closed;
        if (raw.startsWith("\"\"\"") || raw.startsWith("'''")) {
            closed = raw.indexOf(raw.substring(0, 3), 3) >= 0;
        } else if (raw.startsWith("\"") || raw.startsWith("'")) {
            closed = closingQuote(raw) > 0;
        } else {
            closed = !raw.isEmpty() && depth(raw) == 0;
        }
        if (!closed) {
            throw new MalformedManifestException(raw.isEmpty() ? "a key without a value" : "an unclosed value", line);
        }
    }

    /** The index of the quote that ends the string {@code raw} starts with, or -1. */
    private static int closingQuote(String raw) {
        char quote = raw.charAt(0);
        for (int i = 1; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\\' && quote == '"') {
                i++;
            } else if (c == quote) {
                return i;
            } else if (c == '\n') {
                return -1;
            }
        }
        return -1;
    }

    /** The change in bracket depth over one line, outside strings. */
    private static int depth(String line) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
            }
        }
        return depth;
    }

    static String stripComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#') {
                return line.substring(0, i);
            }
        }
        return line;
    }

    static String unquote(String s) {
        if (s.length() >= 2 && (s.charAt(0) == '"' || s.charAt(0) == '\'') && s.charAt(s.length() - 1) == s.charAt(0)) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    /** The quoted strings of an array, in order: {@code ["a", "b 1.0"]} gives {@code a}, {@code b 1.0}. */
    static List<String> strings(String raw) {
        List<String> out = new ArrayList<>();
        char quote = 0;
        int start = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    out.add(raw.substring(start, i));
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                start = i + 1;
            }
        }
        return out;
    }

    /** The values of {@code key = "…"} inside inline tables of a raw value: {@code name} of {@code [{ name = "x" }]}. */
    static List<String> fields(String raw, String key) {
        List<String> out = new ArrayList<>();
        var matcher = FIELDS.computeIfAbsent(key, k -> Pattern.compile("(?:^|[{,\\s])" + Pattern.quote(k)
                + "\\s*=\\s*\"([^\"]*)\"")).matcher(raw);
        while (matcher.find()) {
            out.add(matcher.group(1));
        }
        return out;
    }
}
