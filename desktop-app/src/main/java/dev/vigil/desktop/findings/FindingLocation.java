package dev.vigil.desktop.findings;

/** The parts of a finding's {@code location}, {@code path:line} (or a bare path where there is no line). */
final class FindingLocation {

    private FindingLocation() {
    }

    /** The line number after the last colon; 0 when there is none. */
    static int line(String location) {
        if (location == null) {
            return 0;
        }
        int colon = location.lastIndexOf(':');
        if (colon < 0 || colon == location.length() - 1) {
            return 0;
        }
        try {
            return Integer.parseInt(location.substring(colon + 1));
        } catch (NumberFormatException notALine) {
            return 0;
        }
    }
}
