package dev.vigil.server.scan.sca.versions;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import static dev.vigil.server.scan.sca.versions.VersionText.ALPHANUMERIC;
import static dev.vigil.server.scan.sca.versions.VersionText.DIGIT;
import static dev.vigil.server.scan.sca.versions.VersionText.LETTER;
import static dev.vigil.server.scan.sca.versions.VersionText.at;
import static dev.vigil.server.scan.sca.versions.VersionText.run;

/**
 * {@code Gem::Version} ordering: segments are runs of digits or letters ({@code -} means {@code .pre.}), trailing
 * zeros of the numeric part and of the pre-release part are dropped, a letter segment sorts before a number.
 */
final class RubyGemsScheme implements VersionScheme {

    private static final IntPredicate PRE_RELEASE = ALPHANUMERIC.or(c -> c == '-');

    /** {@code Gem::Version}'s {@code [0-9]+(\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?}, in one pass. */
    @Override
    public boolean isValid(String version) {
        String v = version.strip();
        int end = run(v, 0, DIGIT);
        while (at(v, end, '.')) {
            end = run(v, end + 1, ALPHANUMERIC);
        }
        if (at(v, end, '-')) {
            end = run(v, end + 1, PRE_RELEASE);
            while (at(v, end, '.')) {
                end = run(v, end + 1, PRE_RELEASE);
            }
        }
        return end == v.length();
    }

    @Override
    public int compare(String a, String b) {
        List<Object> left = segments(a);
        List<Object> right = segments(b);
        for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
            Object l = i < left.size() ? left.get(i) : BigInteger.ZERO;
            Object r = i < right.size() ? right.get(i) : BigInteger.ZERO;
            int c = compareSegment(l, r);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int compareSegment(Object l, Object r) {
        if (l instanceof BigInteger x && r instanceof BigInteger y) {
            return x.compareTo(y);
        }
        if (l instanceof String x && r instanceof String y) {
            return Integer.signum(x.compareTo(y));
        }
        return l instanceof String ? -1 : 1;
    }

    private static List<Object> segments(String version) {
        List<Object> numbers = new ArrayList<>();
        List<Object> rest = new ArrayList<>();
        String v = version.strip().replace("-", ".pre.");
        for (int i = 0; i < v.length(); ) {
            boolean digits = DIGIT.test(v.charAt(i));
            int end = run(v, i, digits ? DIGIT : LETTER);
            if (end < 0) {
                i++;
                continue;
            }
            String s = v.substring(i, end);
            if (rest.isEmpty() && digits) {
                numbers.add(new BigInteger(s));
            } else {
                rest.add(digits ? new BigInteger(s) : s);
            }
            i = end;
        }
        dropTrailingZeros(numbers);
        dropTrailingZeros(rest);
        numbers.addAll(rest);
        return numbers;
    }

    private static void dropTrailingZeros(List<Object> segments) {
        while (!segments.isEmpty() && BigInteger.ZERO.equals(segments.getLast())) {
            segments.removeLast();
        }
    }

    @Override
    public String canonical(String version) {
        return segments(version).toString();
    }

    @Override
    public String breakingPart(String version) {
        List<Object> segments = segments(version);
        return segments.isEmpty() ? "0" : segments.getFirst().toString();
    }
}
