package dev.vigil.model;

import java.util.Locale;
import java.util.Optional;

/** An enum of the API whose JSON spelling is its lower-case wire name. */
public interface WireEnum {

    String wire();

    /** The constant whose wire name is {@code text}, ignoring case. */
    static <E extends Enum<E> & WireEnum> Optional<E> parse(Class<E> type, String text) {
        if (text == null) {
            return Optional.empty();
        }
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Optional.ofNullable(type.cast(WireNames.BY_TYPE.get(type).get(wanted)));
    }

    /** Like {@link #parse} but throws {@link IllegalArgumentException} for an unknown spelling. */
    static <E extends Enum<E> & WireEnum> E of(Class<E> type, String text) {
        return parse(type, text).orElseThrow(() -> new IllegalArgumentException(
                "unknown " + type.getSimpleName() + ": " + text));
    }
}
