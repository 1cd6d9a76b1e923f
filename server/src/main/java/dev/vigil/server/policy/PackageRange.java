package dev.vigil.server.policy;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.sca.CycloneDx;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.scan.sca.versions.VersionScheme;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A package URL whose version is a range: {@code pkg:npm/lodash@<4.17.21}, {@code pkg:pypi/django@>=3.2 <4.2},
 * {@code pkg:maven/org.yaml/snakeyaml@1.33} (that version only) or no version (any). Comparators are
 * {@code < <= > >= =}, separated by spaces or commas, and all must hold; versions compare in the package's
 * ecosystem's order.
 */
public record PackageRange(Ecosystem ecosystem, String base, List<Comparator> comparators) {

    /** One comparison with a version. */
    public record Comparator(String operator, String version) {
    }

    public PackageRange {
        comparators = List.copyOf(comparators);
    }

    /** The range, or why the text is not one (never quoting it). */
    public static Optional<PackageRange> parse(String purl, List<String> problems) {
        if (!purl.startsWith("pkg:") || purl.indexOf('/') < 0) {
            problems.add("package must be a package URL such as pkg:npm/lodash@<4.17.21");
            return Optional.empty();
        }
        int slash = purl.indexOf('/');
        String type = purl.substring(4, slash);
        Optional<Ecosystem> ecosystem = Arrays.stream(Ecosystem.values())
                .filter(e -> e.purlType().equalsIgnoreCase(type)).findFirst();
        if (ecosystem.isEmpty()) {
            problems.add("package has a type that Vigil does not scan");
            return Optional.empty();
        }
        int at = purl.indexOf('@', purl.lastIndexOf('/'));
        String base = normalise(at < 0 ? purl : purl.substring(0, at));
        List<Comparator> comparators = new ArrayList<>();
        if (at >= 0) {
            for (String part : purl.substring(at + 1).split("[\\s,]+")) {
                if (part.isEmpty()) {
                    continue;
                }
                String op = part.startsWith("<=") || part.startsWith(">=") ? part.substring(0, 2)
                        : part.startsWith("<") || part.startsWith(">") || part.startsWith("=") ? part.substring(0, 1)
                        : "=";
                String version = part.substring(op.equals("=") && !part.startsWith("=") ? 0 : op.length());
                if (version.isEmpty()) {
                    problems.add("package has a comparison without a version");
                    return Optional.empty();
                }
                comparators.add(new Comparator(op, decode(version)));
            }
        }
        return Optional.of(new PackageRange(ecosystem.get(), base, comparators));
    }

    /** Whether {@code d}, a dependency finding, is about this package at a version in the range. */
    public boolean matches(Detection d) {
        Optional<ScaPackage> found = ScaPackage.of(d);
        if (found.isEmpty() || found.get().ecosystem() != ecosystem) {
            return false;
        }
        ScaPackage p = found.get();
        String purl = CycloneDx.purl(ecosystem, p.name(), p.version());
        if (!normalise(purl.substring(0, purl.lastIndexOf('@'))).equals(base)) {
            return false;
        }
        VersionScheme scheme = VersionScheme.of(ecosystem);
        return comparators.stream().allMatch(c -> holds(c, scheme.compare(p.version(), c.version())));
    }

    private static boolean holds(Comparator c, int order) {
        return switch (c.operator()) {
            case "<" -> order < 0;
            case "<=" -> order <= 0;
            case ">" -> order > 0;
            case ">=" -> order >= 0;
            default -> order == 0;
        };
    }

    private static String normalise(String purlBase) {
        String decoded = decode(purlBase);
        int slash = decoded.indexOf('/');
        String type = decoded.substring(0, slash).toLowerCase(Locale.ROOT);
        String name = decoded.substring(slash);
        return type.equals("pkg:pypi") ? type + name.toLowerCase(Locale.ROOT).replace('_', '-') : type + name;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }
}
