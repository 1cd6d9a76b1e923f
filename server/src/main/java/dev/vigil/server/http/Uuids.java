package dev.vigil.server.http;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** Strict UUID parsing: the canonical 8-4-4-4-12 hex form only. */
public final class Uuids {

    private static final Pattern CANONICAL =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private Uuids() {
    }

    public static Optional<UUID> parse(String text) {
        if (text == null || !CANONICAL.matcher(text).matches()) {
            return Optional.empty();
        }
        return Optional.of(UUID.fromString(text));
    }

    /** A version 4 (random) UUID, as an Idempotency-Key must be. */
    public static Optional<UUID> parseV4(String text) {
        return parse(text).filter(id -> id.version() == 4 && id.variant() == 2);
    }
}
