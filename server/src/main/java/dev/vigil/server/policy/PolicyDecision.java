package dev.vigil.server.policy;

import dev.vigil.model.FindingStatus;

import java.time.LocalDate;

/**
 * What the repository's policy decides for one finding: the status with its reason and end date, who decided
 * ({@code policy:.vigil.yml} or {@code policy:inline}) and which entry or comment, for the history.
 */
public record PolicyDecision(FindingStatus status, String reason, LocalDate until, String actor, String source) {

    public static final String FILE_ACTOR = "policy:" + PolicyFile.PATH;
    public static final String INLINE_ACTOR = "policy:inline";

    static PolicyDecision of(IgnoreEntry entry) {
        return new PolicyDecision(entry.status(), entry.reason(), entry.until(), FILE_ACTOR,
                PolicyFile.PATH + " line " + entry.line() + " (rule " + entry.rule() + ")");
    }

    static PolicyDecision of(InlineIgnore comment) {
        return new PolicyDecision(FindingStatus.FALSE_POSITIVE, comment.reason(), null, INLINE_ACTOR,
                "vigil:ignore" + (comment.rule() == null ? "" : "[" + comment.rule() + "]") + " at "
                        + comment.place());
    }

    /** The history entry's reason: which entry decided, and why. */
    public String historyReason() {
        return source + ": " + reason;
    }
}
