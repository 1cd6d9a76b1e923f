package dev.vigil.server.scan.sca.versions;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A parsed PEP 440 version, compared by packaging's key. Missing pre/post/dev parts are encoded so that
 * {@code 1.0.dev0 < 1.0a0 < 1.0 < 1.0.post0}.
 *
 * @param pre   phase (0 a, 1 b, 2 rc; -1 for "dev-release without pre"; 3 for "none") and number
 * @param post  post number or -1 for none
 * @param dev   dev number or {@code null} for none (sorts last)
 * @param local local segments, empty for none
 */
record Pep440Version(BigInteger epoch, List<BigInteger> release, int prePhase, BigInteger pre,
                     BigInteger post, BigInteger dev, List<String> local) implements Comparable<Pep440Version> {

    private static final Pattern PATTERN = Pattern.compile(
            "v?(?:(?<epoch>[0-9]+)!)?(?<release>[0-9]+(?:\\.[0-9]+)*)"
                    + "(?<pre>[-_.]?(?<prel>alpha|beta|preview|pre|rc|a|b|c)[-_.]?(?<pren>[0-9]+)?)?"
                    + "(?<post>-(?<postn1>[0-9]+)|[-_.]?(?<postl>post|rev|r)[-_.]?(?<postn2>[0-9]+)?)?"
                    + "(?<dev>[-_.]?dev[-_.]?(?<devn>[0-9]+)?)?"
                    + "(?:\\+(?<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?");
    private static final BigInteger NONE = BigInteger.valueOf(-1);

    static Optional<Pep440Version> parse(String text) {
        Matcher m = PATTERN.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        List<BigInteger> release = new ArrayList<>();
        for (String part : m.group("release").split("\\.")) {
            release.add(new BigInteger(part));
        }
        while (!release.isEmpty() && release.getLast().signum() == 0) {
            release.removeLast();
        }
        int phase = m.group("pre") == null ? (m.group("post") == null && m.group("dev") != null ? -1 : 3)
                : phase(m.group("prel"));
        BigInteger pre = number(m.group("pren"), m.group("pre") != null);
        BigInteger post = m.group("post") == null ? NONE
                : number(m.group("postn1") != null ? m.group("postn1") : m.group("postn2"), true);
        BigInteger dev = m.group("dev") == null ? null : number(m.group("devn"), true);
        List<String> local = m.group("local") == null ? List.of() : List.of(m.group("local").split("[-_.]"));
        BigInteger epoch = m.group("epoch") == null ? BigInteger.ZERO : new BigInteger(m.group("epoch"));
        return Optional.of(new Pep440Version(epoch, List.copyOf(release), phase, pre, post, dev, local));
    }

    private static int phase(String label) {
        return switch (label) {
            case "a", "alpha" -> 0;
            case "b", "beta" -> 1;
            default -> 2;
        };
    }

    private static BigInteger number(String digits, boolean present) {
        return digits != null ? new BigInteger(digits) : (present ? BigInteger.ZERO : NONE);
    }

    @Override
    public int compareTo(Pep440Version o) {
        int c = epoch.compareTo(o.epoch);
        c = c != 0 ? c : compareRelease(release, o.release);
        c = c != 0 ? c : Integer.compare(prePhase, o.prePhase);
        c = c != 0 ? c : pre.compareTo(o.pre);
        c = c != 0 ? c : post.compareTo(o.post);
        c = c != 0 ? c : compareDev(dev, o.dev);
        return c != 0 ? c : compareLocal(local, o.local);
    }

    private static int compareRelease(List<BigInteger> a, List<BigInteger> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            int c = (i < a.size() ? a.get(i) : BigInteger.ZERO).compareTo(i < b.size() ? b.get(i) : BigInteger.ZERO);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int compareDev(BigInteger a, BigInteger b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        return a.compareTo(b);
    }

    /** Local segments: numeric ones sort after alphanumeric ones; a shorter prefix sorts first. */
    private static int compareLocal(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            boolean numA = SemverScheme.isDigits(a.get(i));
            boolean numB = SemverScheme.isDigits(b.get(i));
            int c = numA && numB ? new BigInteger(a.get(i)).compareTo(new BigInteger(b.get(i)))
                    : numA != numB ? (numA ? 1 : -1) : a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
