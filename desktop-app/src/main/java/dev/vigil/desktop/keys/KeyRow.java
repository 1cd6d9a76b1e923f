package dev.vigil.desktop.keys;

import dev.vigil.model.ApiKey;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;

/** One line of the keys table, ready to show: never the key's value, which the server does not keep. */
public record KeyRow(UUID id, String name, String owner, String prefix, String created, String expires, State state,
                     boolean thisApp) {

    /** A key is live until it expires or is revoked; the table marks the other two as pseudo-classes. */
    public enum State {
        ACTIVE("active"), EXPIRED("expired"), REVOKED("revoked");

        private final String text;

        State(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    private static final DateTimeFormatter CREATED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /**
     * {@code zone} is where the created time is shown; an expiry is a UTC date, as it was chosen. {@code thisApp}
     * marks the key the dashboard itself acts with.
     */
    static KeyRow of(ApiKey key, String owner, Instant now, ZoneId zone, boolean thisApp) {
        State state = key.revokedAt() != null ? State.REVOKED
                : key.expiresAt().isAfter(now) ? State.ACTIVE : State.EXPIRED;
        return new KeyRow(key.id(), key.name(), owner, key.prefix(), CREATED.format(key.createdAt().atZone(zone)),
                DateTimeFormatter.ISO_LOCAL_DATE.format(key.expiresAt().atZone(ZoneOffset.UTC)), state, thisApp);
    }

    /** The same key, revoked (the list shows it so at once, before any reload). */
    KeyRow revoked() {
        return new KeyRow(id, name, owner, prefix, created, expires, State.REVOKED, thisApp);
    }

    public boolean isActive() {
        return state == State.ACTIVE;
    }
}
