package dev.vigil.model;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Each {@link WireEnum}'s constants by wire name, built once per enum: a row read maps two of them. */
final class WireNames extends ClassValue<Map<String, Object>> {

    static final WireNames BY_TYPE = new WireNames();

    private WireNames() {
    }

    @Override
    protected Map<String, Object> computeValue(Class<?> type) {
        return Arrays.stream(type.getEnumConstants())
                .collect(Collectors.toUnmodifiableMap(constant -> ((WireEnum) constant).wire(), Function.identity()));
    }
}
