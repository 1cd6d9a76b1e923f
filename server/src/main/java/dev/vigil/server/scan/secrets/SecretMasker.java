package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.SecretDigest;
import dev.vigil.server.scan.SecretMasking;
import dev.vigil.server.scan.SourceFile;

/**
 * Masks a file's secrets as the engine's findings do: the same rules, keyword windows and allowlists as a scan,
 * each secret a rule reports replaced by {@link MaskedSecret#mask}. A file the engine skips (binary, a path of
 * the global allowlist) is returned as it is. Thread-safe: each call has matchers of its own.
 */
final class SecretMasker implements SecretMasking {

    private final RuleBook book;
    private final KeywordFinder keywords;
    private final SecretDigest digest;

    SecretMasker(RuleBook book, KeywordFinder keywords, SecretDigest digest) {
        this.book = book;
        this.keywords = keywords;
        this.digest = digest;
    }

    @Override
    public String masked(SourceFile file) {
        if (file.size() == 0 || file.isBinary() || book.global().skipsPath(file.path())) {
            return file.text();
        }
        SecretSpans spans = new SecretSpans();
        FileFindings findings = new FileFindings(file.path(), digest);
        new WindowScanner(book.rules(), keywords).scan(file,
                new RuleMatcher(book.rules(), book.global()).on(file, findings, spans));
        return spans.apply(file.text());
    }
}
