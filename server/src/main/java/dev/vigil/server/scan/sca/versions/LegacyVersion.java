package dev.vigil.server.scan.sca.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.vigil.server.scan.sca.versions.VersionText.DIGIT;
import static dev.vigil.server.scan.sca.versions.VersionText.run;

/** packaging's {@code LegacyVersion} key, for the PyPI versions that are not PEP 440 (setuptools' old rules). */
final class LegacyVersion {

    private LegacyVersion() {
    }

    static int compare(String a, String b) {
        List<String> left = key(a);
        List<String> right = key(b);
        for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
            int c = left.get(i).compareTo(right.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    private static List<String> key(String version) {
        List<String> parts = new ArrayList<>();
        for (String part : parts(version.strip().toLowerCase(Locale.ROOT))) {
            if (part.startsWith("*")) {
                if (part.compareTo("*final") < 0) {
                    while (!parts.isEmpty() && parts.getLast().equals("*final-")) {
                        parts.removeLast();
                    }
                }
                while (!parts.isEmpty() && parts.getLast().equals("00000000")) {
                    parts.removeLast();
                }
            }
            parts.add(part);
        }
        return parts;
    }

    /** The components of setuptools' split: runs of digits, runs of letters and the text between them, in one pass. */
    private static List<String> parts(String version) {
        List<String> out = new ArrayList<>();
        int last = 0;
        for (int i = 0; i < version.length(); ) {
            int end = component(version, i);
            if (end < 0) {
                i++;
                continue;
            }
            addPart(out, version.substring(last, i));
            addPart(out, version.substring(i, end));
            last = i = end;
        }
        addPart(out, version.substring(last));
        out.add("*final");
        return out;
    }

    /** The end of the component at {@code at} (a run of digits, of letters a-z, a dot or a dash), or -1. */
    private static int component(String version, int at) {
        char c = version.charAt(at);
        if (c == '.' || c == '-') {
            return at + 1;
        }
        return DIGIT.test(c) ? run(version, at, DIGIT) : run(version, at, x -> x >= 'a' && x <= 'z');
    }

    private static void addPart(List<String> out, String raw) {
        String part = switch (raw) {
            case "pre", "preview", "rc" -> "c";
            case "-" -> "final-";
            case "dev" -> "@";
            default -> raw;
        };
        if (part.isEmpty() || part.equals(".")) {
            return;
        }
        if (Character.isDigit(part.charAt(0))) {
            out.add(part.length() >= 8 ? part : "0".repeat(8 - part.length()) + part);
        } else {
            out.add("*" + part);
        }
    }
}
