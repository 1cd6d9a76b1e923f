package dev.vigil.server.scan.sca.versions;

import com.google.re2j.Pattern;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * Composer's ordering, which is PHP's {@code version_compare} after dropping a {@code v} prefix: separators
 * {@code - _ +} become dots, letters and digits are split apart, and special words order as
 * {@code dev < alpha = a < beta = b < RC = rc < # (a number) < pl = p}.
 */
final class PackagistScheme implements VersionScheme {

    private static final Pattern LETTER_DIGIT = Pattern.compile("([^\\d.])(\\d)");
    private static final Pattern DIGIT_LETTER = Pattern.compile("(\\d)([^\\d.])");
    private static final Pattern VALID = Pattern.compile(
            "v?\\d+(\\.\\d+){0,3}([-_.+]?(dev|alpha|a|beta|b|RC|rc|patch|pl|p|stable)\\.?\\d*)*", Pattern.CASE_INSENSITIVE);
    private static final List<String> SPECIALS = List.of("dev", "a", "b", "rc", "#", "p");

    @Override
    public boolean isValid(String version) {
        return VALID.matcher(version.strip()).matches() || version.strip().startsWith("dev-");
    }

    @Override
    public int compare(String a, String b) {
        return compare(components(a), components(b));
    }

    static List<String> components(String version) {
        String v = version.strip();
        if (v.startsWith("v") || v.startsWith("V")) {
            v = v.substring(1);
        }
        v = v.replace('-', '.').replace('_', '.').replace('+', '.');
        v = LETTER_DIGIT.matcher(v).replaceAll("$1.$2");
        v = DIGIT_LETTER.matcher(v).replaceAll("$1.$2");
        return Arrays.asList(v.split("\\.", -1));
    }

    private static int compare(List<String> a, List<String> b) {
        int shared = Math.min(a.size(), b.size());
        for (int i = 0; i < shared; i++) {
            int c = compareComponent(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        if (a.size() > shared) {
            return SemverScheme.isDigits(a.get(shared)) ? 1 : compare(a.subList(shared, a.size()), List.of("#"));
        }
        if (b.size() > shared) {
            return SemverScheme.isDigits(b.get(shared)) ? -1 : compare(List.of("#"), b.subList(shared, b.size()));
        }
        return 0;
    }

    private static int compareComponent(String a, String b) {
        boolean numA = SemverScheme.isDigits(a);
        boolean numB = SemverScheme.isDigits(b);
        if (numA && numB) {
            return new BigInteger(a).compareTo(new BigInteger(b));
        }
        return Integer.compare(weight(numA ? "#" : a), weight(numB ? "#" : b));
    }

    private static int weight(String special) {
        if (special.startsWith("RC")) {
            return 3;
        }
        for (int i = 0; i < SPECIALS.size(); i++) {
            if (special.startsWith(SPECIALS.get(i))) {
                return i;
            }
        }
        return 0;
    }
}
