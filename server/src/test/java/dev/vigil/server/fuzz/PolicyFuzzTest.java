package dev.vigil.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vigil.server.policy.PolicyCollector;
import dev.vigil.server.policy.PolicyFile;
import dev.vigil.server.policy.PolicyFileParser;
import dev.vigil.server.policy.PolicyProblem;
import dev.vigil.server.scan.SourceFile;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * A repository's policy read from archive bytes: the {@code .vigil.yml} parser and the inline-comment finder
 * never throw, report problems at a line of the file, and end in time linear in their input.
 */
class PolicyFuzzTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 28);
    private static final String[] NAMES = {"main.tf", "values.yaml", "run.py", "app.js", ".env", "Demo.java"};

    @FuzzTest
    void policyFile(byte[] input) {
        Fuzzing.withinTime(input.length, () -> {
            PolicyFile file = PolicyFileParser.parse(input, TODAY);
            long lines = input.length == 0 ? 1 : new String(input, StandardCharsets.UTF_8)
                    .lines().count() + 1;
            for (PolicyProblem problem : file.problems()) {
                if (problem.line() < 1 || problem.line() > lines + 1) {
                    throw new AssertionError("a problem at line " + problem.line() + " of " + lines);
                }
            }
            file.entries().forEach(entry -> entry.paths().forEach(glob -> glob.matches("a/b/c.tf")));
        });
    }

    /** The first byte picks the file's name (and so its comment syntax), the rest is its content. */
    @FuzzTest
    void inlineComments(byte[] input) {
        if (input.length == 0) {
            return;
        }
        String name = NAMES[Byte.toUnsignedInt(input[0]) % NAMES.length];
        byte[] content = Arrays.copyOfRange(input, 1, input.length);
        Fuzzing.withinTime(input.length, () -> new PolicyCollector().offer(new SourceFile("src/" + name, content)));
    }
}
