package dev.vigil.server.http;

import dev.vigil.model.WireEnum;
import io.helidon.common.parameters.Parameters;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/** Reads query parameters strictly: an unknown enum value, a malformed UUID or a bad limit is 400. */
public final class QueryReader {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    private final Parameters query;

    public QueryReader(Parameters query) {
        this.query = query;
    }

    public int limit() {
        Optional<String> text = text("limit");
        if (text.isEmpty()) {
            return DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(text.get());
            if (limit >= 1 && limit <= MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw ApiException.validation("limit", "must be an integer from 1 to " + MAX_LIMIT);
    }

    public Optional<String> cursor() {
        return text("cursor");
    }

    public Optional<String> text(String name) {
        if (!query.contains(name)) {
            return Optional.empty();
        }
        return Optional.of(query.get(name)).map(String::strip).filter(s -> !s.isEmpty());
    }

    public Optional<UUID> uuid(String name) {
        return text(name).map(t -> Uuids.parse(t).orElseThrow(() -> ApiException.validation(name, "must be a UUID")));
    }

    public <E extends Enum<E> & WireEnum> Optional<E> oneOf(String name, Class<E> type) {
        return text(name).map(t -> parse(name, t, type));
    }

    /** A repeatable parameter, sent as {@code name[]=a&name[]=b} (the bare name is accepted too). */
    public <E extends Enum<E> & WireEnum> Set<E> setOf(String name, Class<E> type) {
        Set<E> values = EnumSet.noneOf(type);
        Stream.of(name + "[]", name)
                .filter(query::contains)
                .flatMap(key -> query.all(key).stream())
                .flatMap(v -> Stream.of(v.split(",")))
                .map(String::strip)
                .filter(v -> !v.isEmpty())
                .forEach(v -> values.add(parse(name + "[]", v, type)));
        return values;
    }

    public List<String> all(String name) {
        return query.contains(name) ? query.all(name) : List.of();
    }

    private static <E extends Enum<E> & WireEnum> E parse(String name, String text, Class<E> type) {
        return WireEnum.parse(type, text).orElseThrow(() -> ApiException.validation(name,
                "unknown value '" + text + "'; expected one of " + BodyReader.wireNames(type)));
    }
}
