package dev.vigil.server.scan.sca.versions;

import com.google.re2j.Pattern;

import java.math.BigInteger;

/**
 * SemVer 2.0 ordering, lenient as osv-scanner is: an optional {@code v} prefix, any number of release
 * components (missing ones are 0), pre-release identifiers compared numerically or in ASCII order, build
 * metadata ignored. Go pseudo-versions order correctly as pre-releases. NuGet compares pre-release labels
 * case-insensitively and accepts its four-part legacy versions.
 */
final class SemverScheme implements VersionScheme {

    static final SemverScheme SEMVER = new SemverScheme(false);
    static final SemverScheme NUGET = new SemverScheme(true);

    private static final Pattern VALID = Pattern.compile(
            "v?\\d+(\\.\\d+)*(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?");

    private final boolean ignoreCase;

    private SemverScheme(boolean ignoreCase) {
        this.ignoreCase = ignoreCase;
    }

    @Override
    public boolean isValid(String version) {
        return VALID.matcher(version.strip()).matches();
    }

    @Override
    public int compare(String a, String b) {
        String[] left = split(a);
        String[] right = split(b);
        int release = compareRelease(left[0], right[0]);
        if (release != 0) {
            return release;
        }
        return comparePre(left[1], right[1]);
    }

    @Override
    public String canonical(String version) {
        String[] parts = split(version);
        String release = withoutTrailingZeros(parts[0]);
        return parts[1] == null ? release : release + "-" + parts[1];
    }

    /** {@code 1.2.0.0} as {@code 1.2}: the release without its trailing zero components. */
    private static String withoutTrailingZeros(String release) {
        int end = release.length();
        while (true) {
            int dot = release.lastIndexOf('.', end - 1);
            if (dot < 0 || dot == end - 1 || !release.substring(dot + 1, end).chars().allMatch(c -> c == '0')) {
                return release.substring(0, end);
            }
            end = dot;
        }
    }

    /** [release, pre-release or null] of a version without prefix and build metadata. */
    private String[] split(String version) {
        String v = version.strip();
        if (v.startsWith("v") || v.startsWith("V")) {
            v = v.substring(1);
        }
        int plus = v.indexOf('+');
        if (plus >= 0) {
            v = v.substring(0, plus);
        }
        int dash = v.indexOf('-');
        String pre = dash >= 0 ? v.substring(dash + 1) : null;
        if (pre != null && ignoreCase) {
            pre = pre.toLowerCase(java.util.Locale.ROOT);
        }
        return new String[]{dash >= 0 ? v.substring(0, dash) : v, pre};
    }

    private static int compareRelease(String a, String b) {
        String[] left = a.split("\\.", -1);
        String[] right = b.split("\\.", -1);
        for (int i = 0; i < Math.max(left.length, right.length); i++) {
            int c = number(i < left.length ? left[i] : "0").compareTo(number(i < right.length ? right[i] : "0"));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int comparePre(String a, String b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        String[] left = a.split("\\.", -1);
        String[] right = b.split("\\.", -1);
        for (int i = 0; i < Math.min(left.length, right.length); i++) {
            int c = compareIdentifier(left[i], right[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(left.length, right.length);
    }

    private static int compareIdentifier(String a, String b) {
        boolean numericA = isDigits(a);
        boolean numericB = isDigits(b);
        if (numericA && numericB) {
            return new BigInteger(a).compareTo(new BigInteger(b));
        }
        if (numericA != numericB) {
            return numericA ? -1 : 1;
        }
        return Integer.signum(a.compareTo(b));
    }

    static BigInteger number(String digits) {
        return isDigits(digits) ? new BigInteger(digits) : BigInteger.ZERO;
    }

    static boolean isDigits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The major version, or {@code 0.minor} for a 0.x version: what a breaking upgrade changes. */
    static String leadingParts(String version) {
        String v = version.strip();
        if (v.startsWith("v") || v.startsWith("V")) {
            v = v.substring(1);
        }
        String[] parts = v.split("[.+\\-]", 3);
        String major = parts[0];
        return major.equals("0") && parts.length > 1 ? "0." + parts[1] : major;
    }
}
