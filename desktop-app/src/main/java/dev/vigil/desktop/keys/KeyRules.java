package dev.vigil.desktop.keys;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * What the server accepts for a new key, checked before it is sent: a name, and an expiry date (UTC, valid
 * to the end of that day) from today to one year ahead.
 */
public final class KeyRules {

    private final Clock clock;

    public KeyRules(Clock clock) {
        this.clock = clock;
    }

    public LocalDate earliestExpiry() {
        return LocalDate.now(clock.withZone(ZoneOffset.UTC));
    }

    public LocalDate latestExpiry() {
        return earliestExpiry().plusYears(1);
    }

    public Optional<String> problemWith(String name, LocalDate expiry) {
        if (name == null || name.isBlank()) {
            return Optional.of("Give the key a name.");
        }
        if (expiry == null) {
            return Optional.of("Choose the day the key expires (YYYY-MM-DD).");
        }
        if (expiry.isBefore(earliestExpiry())) {
            return Optional.of("The expiry date has passed.");
        }
        if (expiry.isAfter(latestExpiry())) {
            return Optional.of("A key lives at most one year: choose " + latestExpiry() + " or earlier.");
        }
        return Optional.empty();
    }
}
