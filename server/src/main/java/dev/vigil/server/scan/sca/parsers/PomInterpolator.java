package dev.vigil.server.scan.sca.parsers;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Replaces {@code ${name}} references by pom properties. Each property is resolved once (memoised), cycles
 * stay unresolved, and results are capped in length, so hostile property graphs cost linear time.
 */
final class PomInterpolator {

    private static final int MAX_DEPTH = 32;
    private static final int MAX_LENGTH = 1024;

    private final Map<String, String> properties;
    private final Map<String, String> resolved = new HashMap<>();
    private final Set<String> resolving = new HashSet<>();

    PomInterpolator(Map<String, String> properties) {
        this.properties = properties;
    }

    /** The value with every resolvable reference replaced; unresolvable ones stay as {@code ${…}}. */
    String resolve(String value) {
        return resolve(value, 0);
    }

    private String resolve(String value, int depth) {
        if (!value.contains("${")) {
            return value;
        }
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < value.length()) {
            int start = value.indexOf("${", at);
            int end = start < 0 ? -1 : value.indexOf('}', start);
            if (start < 0 || end < 0) {
                out.append(value, at, value.length());
                break;
            }
            out.append(value, at, start).append(property(value.substring(start + 2, end), depth));
            if (out.length() > MAX_LENGTH) {
                return value;
            }
            at = end + 1;
        }
        return out.toString();
    }

    private String property(String name, int depth) {
        String reference = "${" + name + "}";
        String cached = resolved.get(name);
        if (cached != null) {
            return cached;
        }
        String raw = properties.get(name);
        if (raw == null || depth >= MAX_DEPTH || !resolving.add(name)) {
            return reference;
        }
        String value = resolve(raw, depth + 1);
        resolving.remove(name);
        resolved.put(name, value);
        return value;
    }
}
