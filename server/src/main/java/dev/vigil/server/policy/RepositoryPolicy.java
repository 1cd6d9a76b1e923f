package dev.vigil.server.policy;

import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanPolicy;
import dev.vigil.server.scan.Detection;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One scan's policy, from its archive's {@code .vigil.yml} and inline comments
 * (docs/adr/0050-policy-in-the-repository.md): decides findings and counts what it applied. The first entry
 * of the file that matches decides; an inline comment decides only where no entry does. Used by one thread.
 */
public final class RepositoryPolicy {

    private final List<IgnoreEntry> entries;
    private final Map<String, List<IgnoreEntry>> entriesByRule = new HashMap<>();
    private final Map<String, List<InlineIgnore>> commentsByPath = new HashMap<>();
    private final List<PolicyProblem> problems;
    private final boolean fileRead;
    private final Map<Integer, ScanKind> entryKinds;
    private final Set<Integer> matchedLines = new HashSet<>();
    private final Map<String, Boolean> applied = new LinkedHashMap<>();

    private RepositoryPolicy(List<IgnoreEntry> entries, Map<Integer, ScanKind> entryKinds, List<InlineIgnore> comments,
                             List<PolicyProblem> problems, boolean fileRead) {
        this.entries = entries;
        this.entryKinds = entryKinds;
        entries.forEach(e -> entriesByRule.computeIfAbsent(e.rule().toUpperCase(Locale.ROOT), r -> new ArrayList<>())
                .add(e));
        comments.forEach(c -> commentsByPath.computeIfAbsent(c.path(), p -> new ArrayList<>()).add(c));
        this.problems = problems;
        this.fileRead = fileRead;
    }

    /** No policy: what a caller without an archive passes. */
    public static RepositoryPolicy none() {
        return new RepositoryPolicy(List.of(), Map.of(), List.of(), List.of(), false);
    }

    /**
     * The policy gathered by {@code collected}, as of {@code today}; entries and comments naming a rule that
     * {@code rules} does not know become problems. {@code archiveComplete} tells whether the pass read the whole
     * archive: only then does a missing {@code .vigil.yml} mean that it was removed.
     */
    public static RepositoryPolicy of(PolicyCollector collected, RuleCatalogue rules, LocalDate today,
                                      boolean archiveComplete) {
        List<PolicyProblem> problems = new ArrayList<>();
        List<IgnoreEntry> entries = new ArrayList<>();
        Map<Integer, ScanKind> kinds = new HashMap<>();
        Optional<byte[]> file = collected.policyFile();
        if (file.isPresent()) {
            PolicyFile parsed = PolicyFileParser.parse(file.get(), today);
            problems.addAll(parsed.problems());
            for (IgnoreEntry entry : parsed.entries()) {
                Optional<ScanKind> kind = rules.kindOf(entry.rule());
                if (kind.isPresent()) {
                    entries.add(entry);
                    kinds.put(entry.line(), kind.get());
                } else {
                    problems.add(new PolicyProblem(PolicyFile.PATH, entry.line(), "unknown rule " + entry.rule()));
                }
            }
        }
        problems.addAll(collected.problems());
        List<InlineIgnore> comments = new ArrayList<>();
        for (InlineIgnore comment : collected.comments()) {
            if (comment.rule() == null || rules.kindOf(comment.rule()).isPresent()) {
                comments.add(comment);
            } else {
                problems.add(new PolicyProblem(comment.path(), comment.line(), "unknown rule " + comment.rule()));
            }
        }
        return new RepositoryPolicy(List.copyOf(entries), Map.copyOf(kinds), List.copyOf(comments),
                List.copyOf(problems), file.isPresent() || archiveComplete);
    }

    /** What the policy decides for {@code d}, if anything; counted in {@link #result}. */
    public Optional<PolicyDecision> decide(Detection d) {
        Optional<PolicyDecision> decision = candidates(d).filter(e -> e.matches(d))
                .min(Comparator.comparingInt(IgnoreEntry::line)).map(entry -> {
                    matchedLines.add(entry.line());
                    return PolicyDecision.of(entry);
                });
        if (decision.isEmpty()) {
            decision = commentsByPath.getOrDefault(d.path(), List.of()).stream().filter(c -> c.matches(d))
                    .findFirst().map(PolicyDecision::of);
        }
        applied.put(d.fingerprint(), decision.isPresent());
        return decision;
    }

    /** The entries naming the finding's rule id or one of its aliases: the only ones that can match it. */
    private Stream<IgnoreEntry> candidates(Detection d) {
        return Stream.concat(Stream.of(d.ruleId()), d.aliases().stream())
                .map(id -> entriesByRule.getOrDefault(id.toUpperCase(Locale.ROOT), List.of()))
                .flatMap(List::stream);
    }

    /**
     * Whether a finding this policy's {@code actor} closed may be reopened when nothing decides it any more:
     * for the file, only if the scan read it or read the whole archive without it.
     */
    public boolean mayWithdraw(String actor) {
        return !actor.equals(PolicyDecision.FILE_ACTOR) || fileRead;
    }

    /** The problems, each a {@code POLICY_INVALID} scan warning. */
    public List<PolicyProblem> problems() {
        return problems;
    }

    /**
     * How many distinct findings it decided, and the file's entries that matched none of them (stale) among those
     * whose rule is of a kind the scan {@code ran}: a scan without dependency analysis says nothing of a CVE.
     */
    public ScanPolicy result(Set<ScanKind> ran) {
        int count = (int) applied.values().stream().filter(Boolean::booleanValue).count();
        List<ScanPolicy.Unmatched> unmatched = entries.stream().filter(e -> !matchedLines.contains(e.line()))
                .filter(e -> ran.contains(entryKinds.get(e.line())))
                .map(e -> new ScanPolicy.Unmatched(e.line(), e.rule())).toList();
        return new ScanPolicy(count, unmatched);
    }
}
