package dev.vigil.server.policy;

import java.util.List;

/** What a {@code .vigil.yml} says: its valid entries, and a problem for each entry or part it could not take. */
public record PolicyFile(List<IgnoreEntry> entries, List<PolicyProblem> problems) {

    public static final String PATH = ".vigil.yml";

    public PolicyFile {
        entries = List.copyOf(entries);
        problems = List.copyOf(problems);
    }

    static PolicyFile invalid(int line, String message) {
        return new PolicyFile(List.of(), List.of(new PolicyProblem(PATH, line, message)));
    }
}
