package dev.vigil.server.scan.sca;

import dev.vigil.server.scan.sca.VersionRange.Event;
import dev.vigil.server.scan.sca.VersionRange.Kind;
import dev.vigil.server.scan.sca.versions.VersionScheme;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * OSV's affected semantics for one {@code affected[]} entry, prepared for repeated use: an installed version is
 * affected when it is listed in {@code versions}, or when a range's events, in version order, leave it
 * affected ({@code introduced} opens; {@code fixed} and {@code limit} close at their version;
 * {@code last_affected} closes after its version). Its fix is the smallest {@code fixed} above it in the range
 * that contains it.
 */
final class AffectedRanges {

    private final VersionScheme scheme;
    private final List<List<Event>> ranges;
    private final Set<String> listed = new HashSet<>();

    AffectedRanges(AffectedPackage affected, VersionScheme scheme) {
        this.scheme = scheme;
        this.ranges = affected.ranges().stream().map(VersionRange::events).map(this::sorted).toList();
        for (String version : affected.versions()) {
            listed.add(version);
            listed.add(scheme.canonical(version));
        }
    }

    /** Empty if {@code version} is not affected, else the fix of its range (an empty string if none). */
    Optional<String> evaluate(String version) {
        Optional<String> result = Optional.empty();
        if (scheme.isValid(version)) {
            for (List<Event> events : ranges) {
                if (inRange(events, version)) {
                    String fix = fixAbove(events, version);
                    result = Optional.of(result.map(f -> later(f, fix)).orElse(fix));
                }
            }
        }
        if (result.isEmpty() && (listed.contains(version) || listed.contains(scheme.canonical(version)))) {
            return Optional.of("");
        }
        return result;
    }

    private boolean inRange(List<Event> events, String version) {
        boolean affected = false;
        for (Event event : events) {
            int c = isZero(event) ? 1 : scheme.compare(version, event.version());
            if (c < 0) {
                break;
            }
            affected = switch (event.kind()) {
                case INTRODUCED -> true;
                case FIXED, LIMIT -> false;
                case LAST_AFFECTED -> affected && c == 0;
            };
        }
        return affected;
    }

    private String fixAbove(List<Event> events, String version) {
        for (Event event : events) {
            if (event.kind() == Kind.FIXED && scheme.compare(event.version(), version) > 0) {
                return event.version();
            }
        }
        return "";
    }

    private List<Event> sorted(List<Event> events) {
        Comparator<Event> byVersion = (a, b) -> {
            if (isZero(a) || isZero(b)) {
                return isZero(a) == isZero(b) ? 0 : isZero(a) ? -1 : 1;
            }
            return scheme.compare(a.version(), b.version());
        };
        return events.stream().sorted(byVersion).toList();
    }

    private static boolean isZero(Event event) {
        return event.kind() == Kind.INTRODUCED && event.version().equals("0");
    }

    /** Of two fixes, the later one (a fix must leave every range the version is in); empty means none. */
    private String later(String a, String b) {
        if (a.isEmpty() || b.isEmpty()) {
            return "";
        }
        return scheme.compare(a, b) >= 0 ? a : b;
    }
}
