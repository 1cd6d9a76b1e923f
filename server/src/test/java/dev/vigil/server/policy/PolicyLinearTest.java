package dev.vigil.server.policy;

import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.testing.LinearTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The policy's readers take time linear in the archive's bytes, held as LinearParsingTest holds the engines:
 * 8 times the input must take less than 4 times as long as the smaller input 8 times (quadratic is 8).
 */
class PolicyLinearTest {

    private static final int GROWTH = LinearTime.GROWTH;
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 28);

    record Shape(String description, String fileName, int n, IntFunction<String> content) {
        @Override
        public String toString() {
            return description;
        }
    }

    static List<Shape> shapes() {
        return List.of(
                new Shape(".vigil.yml: many entries with globs", PolicyFile.PATH, 60, n -> "version: 1\nignore:\n"
                        + lines(n, i -> "  - rule: CKV_AWS_" + i + "\n    paths: [\"a/**/b*\", \"**/*.tf\"]\n"
                        + "    status: false_positive\n    reason: \"r\"\n")),
                new Shape("Terraform: a vigil:ignore comment on every line", "main.tf", 2_000,
                        n -> lines(n, i -> "a = 1 # vigil:ignore[CKV_AWS_20] reason " + i + "\n")),
                new Shape("Python: one line of markers", "run.py", 5_000,
                        n -> "# " + "vigil:ignore ".repeat(n) + "\n"),
                new Shape("JavaScript: markers after a string, never a comment", "app.js", 5_000,
                        n -> lines(n, i -> "const a = \"vigil:ignore\";\n")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void shouldReadInTimeLinearInTheInput(Shape shape) {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            byte[] small = shape.content().apply(shape.n()).getBytes(StandardCharsets.UTF_8);
            byte[] large = shape.content().apply(shape.n() * GROWTH).getBytes(StandardCharsets.UTF_8);
            LinearTime.assertLinear(shape, small, large, content -> read(shape.fileName(), content));
        });
    }

    /** Collects the file as a scan's pass does, then parses the policy file if it is one. */
    private static void read(String fileName, byte[] content) {
        PolicyCollector collector = new PolicyCollector();
        collector.offer(new SourceFile(fileName, content));
        if (fileName.equals(PolicyFile.PATH)) {
            assertThat(PolicyFileParser.parse(content, TODAY).problems()).isEmpty();
        }
    }

    private static String lines(int n, IntFunction<String> line) {
        return IntStream.range(0, n).mapToObj(line).collect(Collectors.joining());
    }
}
