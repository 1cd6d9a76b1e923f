package dev.vigil.server.scan.sca.parsers;

import com.google.re2j.Pattern;

import java.util.Locale;
import java.util.Optional;

/** PyPI package names, normalised as PEP 503 says: lower case, runs of {@code -_.} as one {@code -}. */
final class PythonNames {

    private static final Pattern SEPARATORS = Pattern.compile("[-_.]+");
    private static final Pattern LEADING_NAME = Pattern.compile("^\\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)");

    private PythonNames() {
    }

    static String normalise(String name) {
        return SEPARATORS.matcher(name.trim().toLowerCase(Locale.ROOT)).replaceAll("-");
    }

    /** The normalised name a PEP 508 requirement starts with: {@code Flask[async]>=2} gives {@code flask}. */
    static Optional<String> ofRequirement(String requirement) {
        var matcher = LEADING_NAME.matcher(requirement);
        return matcher.find() ? Optional.of(normalise(matcher.group(1))) : Optional.empty();
    }
}
