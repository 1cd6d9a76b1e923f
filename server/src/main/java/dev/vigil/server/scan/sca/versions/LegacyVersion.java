package dev.vigil.server.scan.sca.versions;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** packaging's {@code LegacyVersion} key, for the PyPI versions that are not PEP 440 (setuptools' old rules). */
final class LegacyVersion {

    private static final Pattern COMPONENT = Pattern.compile("(\\d+|[a-z]+|\\.|-)");

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

    /** The components of setuptools' split: runs of digits, runs of letters and the text between them. */
    private static List<String> parts(String version) {
        List<String> out = new ArrayList<>();
        Matcher m = COMPONENT.matcher(version);
        int last = 0;
        while (m.find()) {
            addPart(out, version.substring(last, m.start()));
            addPart(out, m.group());
            last = m.end();
        }
        addPart(out, version.substring(last));
        out.add("*final");
        return out;
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
