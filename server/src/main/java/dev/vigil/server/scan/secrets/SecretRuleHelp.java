package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.RuleHelp;
import dev.vigil.server.scan.RuleResources;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a secrets rule means ({@code help.yaml} beside this class): the provider and its page on the credential
 * (the entry whose key is the longest prefix of the rule's id), the risk, how to revoke or rotate it, and the
 * references: that page, the CWE, the OWASP secrets management cheat sheet and the rule's ids in gitleaks
 * (docs/adr/0063-secrets-rules-say-what-they-mean.md).
 */
final class SecretRuleHelp {

    static final String CHEAT_SHEET = "https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html";

    /** The provider a credential belongs to and its page on that credential. */
    record Page(String name, String docs) {
    }

    /** The file as written. */
    record HelpFile(Map<String, Page> pages, Map<String, String> risks, List<String> withoutGitleaksId) {
    }

    private final HelpFile file;

    private SecretRuleHelp(HelpFile file) {
        this.file = file;
    }

    static SecretRuleHelp bundled() {
        return new SecretRuleHelp(new RuleResources(SecretRuleHelp.class, "secrets").read("help.yaml", HelpFile.class));
    }

    /** The help of the rule {@code id}; a rule that no page names is an error of the bundled data. */
    RuleHelp of(String id, String title, String cwe, List<String> aliases) {
        Page page = page(id);
        String risk = file.risks().getOrDefault(id, "Anyone who can read the code, its history or a copy of it can"
                + " use this " + title + " to act as its owner at " + page.name() + " until it is revoked.");
        String fix = "Revoke or rotate it at " + page.name() + " (" + page.docs() + ") and check its use since it was"
                + " written here, then load the new one from a secret store or the environment; deleting it from"
                + " the code is not enough, as it stays in the history.";
        Set<String> references = new LinkedHashSet<>();
        references.add(page.docs());
        references.add(cwe + " https://cwe.mitre.org/data/definitions/" + cwe.substring(4) + ".html");
        references.add("OWASP Secrets Management Cheat Sheet " + CHEAT_SHEET);
        gitleaksIds(id, aliases).forEach(gitleaks -> references.add(gitleaks + " (gitleaks)"));
        return new RuleHelp(risk, fix, page.docs(), new ArrayList<>(references));
    }

    private Page page(String id) {
        String best = null;
        for (String prefix : file.pages().keySet()) {
            if (id.startsWith(prefix) && (best == null || prefix.length() > best.length())) {
                best = prefix;
            }
        }
        if (best == null) {
            throw new IllegalStateException("secrets rule " + id + " has no page in help.yaml");
        }
        return file.pages().get(best);
    }

    private List<String> gitleaksIds(String id, List<String> aliases) {
        List<String> ids = new ArrayList<>();
        if (!file.withoutGitleaksId().contains(id)) {
            ids.add(id);
        }
        ids.addAll(aliases);
        return ids;
    }
}
