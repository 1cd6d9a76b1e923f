package dev.vigil.server.scan.secrets;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.RuleHelp;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SecretDigest;
import dev.vigil.server.scan.SecretMasking;
import dev.vigil.server.scan.SourceFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The secrets engine: the bundled rules (one YAML file per family under {@code rules/}), a keyword
 * prefilter, and RE2/J regexes run only around keyword hits. Binary files and the paths of the global
 * allowlist (lockfiles, images) are skipped. A finding carries the masked secret and a keyed hash of it
 * ({@link SecretDigest}), never the secret nor its plain hash, and the lines around it with every secret masked.
 * As a {@link SecretMasking} it masks the files of the other engines' findings the same way. Thread-safe; each
 * session is used by one thread.
 */
public final class SecretsScanner implements Scanner, SecretMasking {

    private final RuleBook book;
    private final KeywordFinder keywords;
    private final SecretDigest digest;
    private final SecretMasker masker;

    /** A scanner with the bundled rules whose findings' secrets are hashed under {@code digest}. */
    public SecretsScanner(SecretDigest digest) {
        this(RuleBook.bundled(), digest);
    }

    /** A scanner with the bundled rules and a key of this process only ({@link SecretDigest#ephemeral()}). */
    public SecretsScanner() {
        this(SecretDigest.ephemeral());
    }

    SecretsScanner(RuleBook book) {
        this(book, SecretDigest.ephemeral());
    }

    private SecretsScanner(RuleBook book, SecretDigest digest) {
        this(book, new KeywordIndex(book.rules()), digest);
    }

    SecretsScanner(RuleBook book, KeywordFinder keywords) {
        this(book, keywords, SecretDigest.ephemeral());
    }

    private SecretsScanner(RuleBook book, KeywordFinder keywords, SecretDigest digest) {
        this.book = book;
        this.keywords = keywords;
        this.digest = digest;
        this.masker = new SecretMasker(book, keywords, digest);
    }

    /** Every bundled rule's id with its aliases in other tools (gitleaks ids). */
    public static Map<String, List<String>> bundledRuleAliases() {
        return RuleBook.bundled().rules().stream().collect(Collectors.toMap(SecretRule::id, SecretRule::aliases));
    }

    /**
     * Every bundled rule's id with what it means (risk, fix, the provider's page, references), for a reader of
     * its findings: SARIF serves it, and the finding detail's references look it up by rule id.
     */
    public static Map<String, RuleHelp> bundledRuleHelp() {
        return BundledHelp.BY_RULE;
    }

    /** The help of one bundled rule, if {@code ruleId} is one. */
    public static Optional<RuleHelp> helpOf(String ruleId) {
        return Optional.ofNullable(BundledHelp.BY_RULE.get(ruleId));
    }

    /** The bundled rules' keywords, lower case: what the prefilter looks for before any regex runs. */
    public static SortedSet<String> bundledKeywords() {
        SortedSet<String> keywords = new TreeSet<>();
        RuleBook.bundled().rules().forEach(rule -> keywords.addAll(rule.keywords()));
        return keywords;
    }

    @Override
    public ScanKind kind() {
        return ScanKind.SECRETS;
    }

    @Override
    public Session start(Warnings warnings) {
        return new SecretsSession(warnings);
    }

    @Override
    public String masked(SourceFile file) {
        return masker.masked(file);
    }

    /** How many rules the scanner runs. */
    public int ruleCount() {
        return book.rules().size();
    }

    RuleBook book() {
        return book;
    }

    /** Scans one file outside a session: what a session would report for it. */
    List<Detection> scanFile(SourceFile file) {
        SecretsSession session = new SecretsSession((code, message, path) -> { });
        session.scan(file);
        return session.finish();
    }

    /** The bundled rules' help, read once on first use. */
    private static final class BundledHelp {
        static final Map<String, RuleHelp> BY_RULE = RuleBook.bundled().rules().stream()
                .collect(Collectors.toUnmodifiableMap(SecretRule::id, SecretRule::help));
    }

    private final class SecretsSession implements Session {

        private final WindowScanner windows = new WindowScanner(book.rules(), keywords);
        private final RuleMatcher matcher = new RuleMatcher(book.rules(), book.global());
        private final List<Detection> detections = new ArrayList<>();
        private final Warnings warnings;

        SecretsSession(Warnings warnings) {
            this.warnings = warnings;
        }

        @Override
        public void scan(SourceFile file) {
            if (file.size() == 0 || file.isBinary() || book.global().skipsPath(file.path())) {
                return;
            }
            warnings.reads(file.path());
            FileFindings findings = new FileFindings(file.path(), digest);
            windows.scan(file, matcher.on(file, findings));
            findings.detections().forEach(found -> detections.add(found.withContext(file.context(found.line()))));
        }

        @Override
        public List<Detection> finish() {
            return List.copyOf(detections);
        }
    }
}
