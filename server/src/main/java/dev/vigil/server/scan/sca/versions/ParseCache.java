package dev.vigil.server.scan.sca.versions;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** A bounded memo of parsed versions: advisories and lockfiles repeat the same few thousand strings. */
final class ParseCache<T> {

    private static final int LIMIT = 200_000;

    private final Map<String, T> parsed = new ConcurrentHashMap<>();
    private final Function<String, T> parser;

    ParseCache(Function<String, T> parser) {
        this.parser = parser;
    }

    T get(String version) {
        T value = parsed.get(version);
        if (value == null) {
            if (parsed.size() >= LIMIT) {
                parsed.clear();
            }
            value = parser.apply(version);
            parsed.put(version, value);
        }
        return value;
    }
}
