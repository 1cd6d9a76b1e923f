package dev.vigil.desktop.decisions;

import dev.vigil.model.Finding;
import dev.vigil.model.ScanKind;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The package URL (without a version: every version) of an SCA finding, read from its description
 * ({@code NAME VERSION (ECOSYSTEM) is affected by …}, as the server writes it; ADR 0052).
 */
public final class FindingPackages {

    private static final Pattern DESCRIPTION = Pattern.compile("^(\\S+) (\\S+) \\(([^)\\s]+)\\) is affected by ");
    private static final Map<String, String> PURL_TYPES = Map.of("npm", "npm", "PyPI", "pypi", "Maven", "maven",
            "Go", "golang", "crates.io", "cargo", "RubyGems", "gem", "Packagist", "composer", "NuGet", "nuget");

    private FindingPackages() {
    }

    public static Optional<String> purl(Finding finding) {
        if (finding.scanType() != ScanKind.SCA || finding.description() == null) {
            return Optional.empty();
        }
        Matcher m = DESCRIPTION.matcher(finding.description());
        if (!m.find() || !PURL_TYPES.containsKey(m.group(3))) {
            return Optional.empty();
        }
        String type = PURL_TYPES.get(m.group(3));
        String name = type.equals("maven") ? m.group(1).replaceFirst(":", "/") : m.group(1);
        StringBuilder purl = new StringBuilder("pkg:").append(type).append('/');
        String[] segments = name.split("/");
        for (int i = 0; i < segments.length; i++) {
            purl.append(i == 0 ? "" : "/").append(URLEncoder.encode(segments[i], StandardCharsets.UTF_8));
        }
        return Optional.of(purl.toString());
    }
}
