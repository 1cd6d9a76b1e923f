package dev.vigil.server.scan;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a rule means, for a reader of its finding: the risk, how to fix it, and references (the provider's
 * documentation first, then the CWE and the equivalent checks of other tools). SARIF serves it as the
 * rule's {@code help} and {@code helpUri}.
 *
 * @param risk       one or two sentences on what can go wrong
 * @param fix        how to fix it
 * @param uri        the provider's documentation of the setting
 * @param references every reference as text: URLs, {@code CWE-319}, {@code CKV_AZURE_3}
 */
public record RuleHelp(String risk, String fix, String uri, List<String> references) {

    public RuleHelp {
        Objects.requireNonNull(risk, "risk");
        Objects.requireNonNull(fix, "fix");
        Objects.requireNonNull(uri, "uri");
        references = List.copyOf(references);
    }

    /** The help as plain text. */
    public String text() {
        return risk + "\n\nFix: " + fix + "\n\nReferences: " + String.join(", ", references);
    }

    /** The help as Markdown, references as a list of links: {@code CWE-319 https://…} becomes {@code [CWE-319](https://…)}. */
    public String markdown() {
        StringBuilder text = new StringBuilder(risk).append("\n\n**Fix:** ").append(fix).append("\n\n**References:**\n");
        references.forEach(reference -> text.append("\n- ").append(link(reference)));
        return text.toString();
    }

    /** The web addresses among the help: {@code uri} first, then those of the references, each once. */
    public List<String> urls() {
        Set<String> urls = new LinkedHashSet<>();
        urls.add(uri);
        for (String reference : references) {
            int start = reference.indexOf("https://");
            if (start >= 0) {
                int end = reference.indexOf(' ', start);
                urls.add(end < 0 ? reference.substring(start) : reference.substring(start, end));
            }
        }
        urls.removeIf(url -> !url.startsWith("https://"));
        return List.copyOf(urls);
    }

    private static String link(String reference) {
        int url = reference.indexOf(" https://");
        if (url > 0) {
            return "[" + reference.substring(0, url) + "](" + reference.substring(url + 1) + ")";
        }
        return reference.startsWith("https://") ? "<" + reference + ">" : reference;
    }
}
