package dev.vigil.server.decisions;

import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.scan.sca.PackageNames;
import dev.vigil.server.scan.sca.versions.VersionScheme;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A package URL with an optional version range: {@code pkg:npm/lodash}, {@code pkg:npm/lodash@4.17.15},
 * {@code pkg:npm/lodash@<4.17.21}, {@code pkg:maven/org.acme/lib@>=1.0,<2.0}. Constraints are joined by
 * commas and all must hold; versions compare in the package's ecosystem's order.
 */
public record PackageRange(String text, Ecosystem ecosystem, String name, List<Constraint> constraints) {

    public static final int MAX_LENGTH = 1000;
    private static final Pattern CONSTRAINT = Pattern.compile("^(<=|>=|!=|<|>|=)?\\s*([0-9A-Za-z][^\\s<>=!,]*)$");

    /** One comparison with a version. */
    public record Constraint(String operator, String version) {

        boolean holds(VersionScheme scheme, String actual) {
            int c = scheme.compare(actual, version);
            return switch (operator) {
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                case ">=" -> c >= 0;
                case "!=" -> c != 0;
                default -> c == 0;
            };
        }
    }

    /** The range, or empty when the text is no {@code pkg:TYPE/NAME[@RANGE]} of an ecosystem Vigil matches. */
    public static Optional<PackageRange> parse(String text) {
        if (text == null || text.length() > MAX_LENGTH || !text.startsWith("pkg:")) {
            return Optional.empty();
        }
        String rest = text.substring(4).replaceFirst("[?#].*$", "");
        int slash = rest.indexOf('/');
        if (slash <= 0) {
            return Optional.empty();
        }
        String type = rest.substring(0, slash).toLowerCase(Locale.ROOT);
        Optional<Ecosystem> ecosystem = Arrays.stream(Ecosystem.values()).filter(e -> e.purlType().equals(type))
                .findFirst();
        String path = rest.substring(slash + 1);
        int at = path.lastIndexOf('@');
        String range = at > 0 ? path.substring(at + 1) : "";
        String name = decode(at > 0 ? path.substring(0, at) : path);
        if (ecosystem.isEmpty() || name == null || name.isBlank()) {
            return Optional.empty();
        }
        if (ecosystem.get() == Ecosystem.MAVEN) {
            name = name.replaceFirst("/", ":");
        }
        List<Constraint> constraints = new ArrayList<>();
        for (String part : range.isBlank() || range.equals("*") ? new String[0] : range.split(",")) {
            Matcher m = CONSTRAINT.matcher(decode(part.strip()) == null ? "" : decode(part.strip()));
            if (!m.matches()) {
                return Optional.empty();
            }
            constraints.add(new Constraint(m.group(1) == null ? "=" : m.group(1), m.group(2)));
        }
        return Optional.of(new PackageRange(text, ecosystem.get(), name, List.copyOf(constraints)));
    }

    public boolean matches(ScaPackage found) {
        if (found.ecosystem() != ecosystem || !PackageNames.normalise(ecosystem, found.name())
                .equals(PackageNames.normalise(ecosystem, name))) {
            return false;
        }
        VersionScheme scheme = VersionScheme.of(ecosystem);
        return constraints.stream().allMatch(c -> c.holds(scheme, found.version()));
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return null;
        }
    }
}
