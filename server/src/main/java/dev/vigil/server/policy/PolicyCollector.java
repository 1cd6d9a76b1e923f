package dev.vigil.server.policy;

import dev.vigil.server.scan.SourceFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gathers a scan's policy during the archive's one pass (docs/adr/0007-archive-read-once-as-a-stream.md): the
 * root {@code .vigil.yml}, wherever it comes in the archive, and the inline comments of every file. Findings
 * are decided at merge time, from what was gathered. Used by one thread.
 */
public final class PolicyCollector {

    static final int MAX_COMMENTS = 10_000;

    private byte[] policyFile;
    private final List<InlineIgnore> comments = new ArrayList<>();
    private final List<PolicyProblem> problems = new ArrayList<>();

    /** Offers one file of the archive. */
    public void offer(SourceFile file) {
        if (file.path().equals(PolicyFile.PATH)) {
            policyFile = file.content();
        } else {
            InlineComments.find(file, comments, problems, MAX_COMMENTS);
        }
    }

    Optional<byte[]> policyFile() {
        return Optional.ofNullable(policyFile);
    }

    List<InlineIgnore> comments() {
        return comments;
    }

    List<PolicyProblem> problems() {
        return problems;
    }
}
