package dev.vigil.server.scan.sca;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An OSV range of type ECOSYSTEM or SEMVER: events in the record's order (GIT ranges are not kept).
 *
 * @param type {@code ECOSYSTEM} or {@code SEMVER}; both are evaluated with the ecosystem's ordering
 */
public record VersionRange(String type, List<Event> events) {

    public VersionRange {
        Objects.requireNonNull(type, "type");
        events = List.copyOf(events);
    }

    /** One event: {@code introduced}, {@code fixed}, {@code last_affected} or {@code limit} at a version. */
    public record Event(Kind kind, String version) {

        public Event {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(version, "version");
        }
    }

    public enum Kind {
        INTRODUCED("introduced"), FIXED("fixed"), LAST_AFFECTED("last_affected"), LIMIT("limit");

        private final String osv;

        Kind(String osv) {
            this.osv = osv;
        }

        public String osv() {
            return osv;
        }

        public static Optional<Kind> ofOsv(String name) {
            return Arrays.stream(values()).filter(k -> k.osv.equals(name)).findFirst();
        }
    }
}
