package dev.vigil.server.policy;

import dev.vigil.model.FindingStatus;
import dev.vigil.server.policy.YamlTree.Mapping;
import dev.vigil.server.policy.YamlTree.Scalar;
import dev.vigil.server.policy.YamlTree.Sequence;
import dev.vigil.server.policy.YamlTree.Value;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a {@code .vigil.yml} (version 1) from an archive's bytes. Hostile input is normal: the file is
 * bounded ({@value #MAX_BYTES} bytes, {@value #MAX_ENTRIES} entries), read by {@link YamlTree}, and every
 * entry that cannot be applied is a {@link PolicyProblem} with its line, never an exception.
 */
public final class PolicyFileParser {

    public static final int MAX_BYTES = 64 * 1024;
    static final int MAX_ENTRIES = 1_000;
    static final int MAX_REASON = 1_000;

    private static final Set<String> ENTRY_KEYS = Set.of("rule", "paths", "package", "status", "reason", "until");

    private PolicyFileParser() {
    }

    /** The file's entries as of {@code today} (UTC): an acceptance may last at most a year from it. */
    public static PolicyFile parse(byte[] content, LocalDate today) {
        if (content.length > MAX_BYTES) {
            return PolicyFile.invalid(1, "the file is larger than " + MAX_BYTES / 1024 + " KiB and was not read");
        }
        Value root;
        try {
            root = YamlTree.read(new String(content, StandardCharsets.UTF_8));
        } catch (YamlTree.Unreadable e) {
            return PolicyFile.invalid(e.line, e.getMessage());
        }
        if (!(root instanceof Mapping top)) {
            return PolicyFile.invalid(root.line(), "the file must be a mapping with version and ignore");
        }
        Value version = top.entries().get("version");
        if (!(version instanceof Scalar(String v, int versionLine)) || !"1".equals(v)) {
            return PolicyFile.invalid(version == null ? top.line() : version.line(), "version must be 1");
        }
        List<PolicyProblem> problems = new ArrayList<>();
        top.entries().keySet().stream().filter(key -> !key.equals("version") && !key.equals("ignore")).forEach(key ->
                problems.add(new PolicyProblem(PolicyFile.PATH, top.entries().get(key).line(),
                        "unknown key at the top level (version and ignore are known)")));
        List<IgnoreEntry> entries = new ArrayList<>();
        Value ignore = top.entries().get("ignore");
        if (ignore instanceof Sequence(List<Value> items, int listLine)) {
            if (items.size() > MAX_ENTRIES) {
                problems.add(new PolicyProblem(PolicyFile.PATH, listLine, "more than " + MAX_ENTRIES
                        + " entries: those after the first " + MAX_ENTRIES + " were not read"));
            }
            items.stream().limit(MAX_ENTRIES).forEach(item -> entry(item, today, problems).ifPresent(entries::add));
        } else if (ignore != null && !(ignore instanceof Scalar(String text, int nullLine) && text == null)) {
            problems.add(new PolicyProblem(PolicyFile.PATH, ignore.line(), "ignore must be a list of entries"));
        }
        return new PolicyFile(entries, problems);
    }

    private static Optional<IgnoreEntry> entry(Value item, LocalDate today, List<PolicyProblem> problems) {
        if (!(item instanceof Mapping entry)) {
            problems.add(new PolicyProblem(PolicyFile.PATH, item.line(), "an entry must be a mapping"));
            return Optional.empty();
        }
        List<String> wrong = new ArrayList<>();
        entry.entries().keySet().stream().filter(key -> !ENTRY_KEYS.contains(key)).findFirst()
                .ifPresent(key -> wrong.add("the entry has an unknown key (rule, paths, package, status, reason"
                        + " and until are known)"));
        if (!entry.duplicates().isEmpty()) {
            wrong.add("the entry repeats a key");
        }
        String rule = text(entry, "rule", wrong);
        String reason = text(entry, "reason", wrong);
        String statusText = text(entry, "status", wrong);
        String untilText = text(entry, "until", wrong);
        if (rule == null || rule.isBlank()) {
            wrong.add("rule is required");
        } else if (rule.length() > 200) {
            wrong.add("rule is longer than 200 characters");
        }
        if (reason == null || reason.isBlank()) {
            wrong.add("reason is required");
        } else if (reason.length() > MAX_REASON) {
            wrong.add("reason is longer than " + MAX_REASON + " characters");
        }
        FindingStatus status = status(statusText, wrong);
        LocalDate until = until(untilText, status, today, wrong);
        List<PathGlob> paths = paths(entry.entries().get("paths"), wrong);
        Optional<PackageRange> pkg = Optional.empty();
        String purl = text(entry, "package", wrong);
        if (purl != null) {
            pkg = PackageRange.parse(purl.strip(), wrong);
        }
        if (!wrong.isEmpty()) {
            problems.add(new PolicyProblem(PolicyFile.PATH, entry.line(), String.join("; ", wrong)
                    + (rule == null || rule.isBlank() || rule.length() > 200 ? "" : " (rule " + rule.strip() + ")")));
            return Optional.empty();
        }
        return Optional.of(new IgnoreEntry(entry.line(), rule.strip(), paths, pkg, status, reason.strip(), until));
    }

    private static String text(Mapping entry, String key, List<String> wrong) {
        Value value = entry.entries().get(key);
        if (value == null) {
            return null;
        }
        if (value instanceof Scalar(String text, int line)) {
            return text;
        }
        wrong.add(key + " must be a single value");
        return null;
    }

    private static FindingStatus status(String text, List<String> wrong) {
        if ("accepted".equals(text)) {
            return FindingStatus.ACCEPTED;
        }
        if ("false_positive".equals(text)) {
            return FindingStatus.FALSE_POSITIVE;
        }
        wrong.add(text == null ? "status is required (accepted or false_positive)"
                : "status must be accepted or false_positive");
        return null;
    }

    private static LocalDate until(String text, FindingStatus status, LocalDate today, List<String> wrong) {
        if (text == null) {
            if (status == FindingStatus.ACCEPTED) {
                wrong.add("until is required for accepted");
            }
            return null;
        }
        LocalDate until;
        try {
            until = LocalDate.parse(text.strip());
        } catch (DateTimeParseException e) {
            wrong.add("until must be a date such as 2027-03-31");
            return null;
        }
        if (until.isBefore(today)) {
            wrong.add("until has passed");
        } else if (until.isAfter(today.plusYears(1))) {
            wrong.add("until is more than one year ahead");
        }
        return until;
    }

    private static List<PathGlob> paths(Value value, List<String> wrong) {
        List<Value> items = switch (value) {
            case null -> List.of();
            case Scalar scalar -> List.of(scalar);
            case Sequence(List<Value> list, int line) -> list;
            case Mapping mapping -> {
                wrong.add("paths must be a list of globs");
                yield List.of();
            }
        };
        List<PathGlob> globs = new ArrayList<>();
        for (Value item : items) {
            if (item instanceof Scalar(String glob, int line) && glob != null && !glob.isBlank()
                    && glob.length() <= 1024) {
                globs.add(PathGlob.of(glob.strip()));
            } else {
                wrong.add("paths must be a list of globs");
                return List.of();
            }
        }
        return globs;
    }
}
