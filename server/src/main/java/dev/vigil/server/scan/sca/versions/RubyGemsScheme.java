package dev.vigil.server.scan.sca.versions;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code Gem::Version} ordering: segments are runs of digits or letters ({@code -} means {@code .pre.}), trailing
 * zeros of the numeric part and of the pre-release part are dropped, a letter segment sorts before a number.
 */
final class RubyGemsScheme implements VersionScheme {

    private static final Pattern VALID = Pattern.compile("[0-9]+(\\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?");
    private static final Pattern SEGMENT = Pattern.compile("[0-9]+|[a-zA-Z]+");

    @Override
    public boolean isValid(String version) {
        return VALID.matcher(version.strip()).matches();
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
        Matcher m = SEGMENT.matcher(version.strip().replace("-", ".pre."));
        while (m.find()) {
            String s = m.group();
            boolean digits = Character.isDigit(s.charAt(0));
            if (rest.isEmpty() && digits) {
                numbers.add(new BigInteger(s));
            } else {
                rest.add(digits ? new BigInteger(s) : s);
            }
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
