package dev.vigil.server.scan.sca;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The web pages of an advisory, for a reader of its finding: for each of its ids, the GitHub advisory of a GHSA
 * id, the OSV record and the NVD entry of a CVE id; then the references the advisory lists. The id shown
 * comes first.
 */
public final class AdvisoryPages {

    private static final int MAX_PAGES = 50;
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,199}");

    private AdvisoryPages() {
    }

    /** The pages of the advisory shown as {@code shownId}, with its other ids and listed references. */
    public static List<String> of(String shownId, List<String> otherIds, List<String> references) {
        Set<String> pages = new LinkedHashSet<>();
        pagesOf(shownId, pages);
        otherIds.forEach(id -> pagesOf(id, pages));
        references.stream().filter(AdvisoryPages::isWebAddress).forEach(pages::add);
        return pages.stream().limit(MAX_PAGES).toList();
    }

    /** The page that describes the advisory best: GitHub's for a GHSA id, else OSV's. */
    public static String primary(String id) {
        return id.startsWith("GHSA-") ? "https://github.com/advisories/" + id : "https://osv.dev/vulnerability/" + id;
    }

    private static void pagesOf(String id, Set<String> pages) {
        if (!SAFE_ID.matcher(id).matches()) {
            return;
        }
        if (id.startsWith("GHSA-")) {
            pages.add("https://github.com/advisories/" + id);
        }
        pages.add("https://osv.dev/vulnerability/" + id);
        if (id.startsWith("CVE-")) {
            pages.add("https://nvd.nist.gov/vuln/detail/" + id);
        }
    }

    private static boolean isWebAddress(String reference) {
        return (reference.startsWith("https://") || reference.startsWith("http://")) && reference.length() <= 2000
                && reference.chars().noneMatch(c -> c <= ' ');
    }
}
