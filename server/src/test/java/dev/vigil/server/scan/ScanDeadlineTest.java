package dev.vigil.server.scan;

import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.ManifestParsers;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The engines' long loops stop at the scan's deadline and keep what they found before it. */
class ScanDeadlineTest {

    private static final Duration BUDGET = Duration.ofMinutes(10);
    private static final Scanner.Warnings IGNORED = (code, message, path) -> { };

    @Test
    void shouldStopParsingManifestsAtTheDeadline() {
        AtomicLong reads = new AtomicLong();
        ScanDeadline deadline = new ScanDeadline(BUDGET, () -> reads.getAndIncrement() < 2 ? 0 : BUDGET.toNanos());
        List<SourceFile> files = List.of(file("a/requirements.txt", "flask==2.0.1\n"),
                file("b/requirements.txt", "django==4.2.0\n"));

        List<Dependency> found = ManifestParsers.parse(files, IGNORED, deadline);

        assertThat(found).extracting(Dependency::name).containsExactly("flask");
        assertThat(deadline.cut()).isTrue();
    }

    @Test
    void shouldNotEvaluateTerraformPastTheDeadline() {
        AtomicLong now = new AtomicLong();
        ScanDeadline passed = new ScanDeadline(BUDGET, now::get);
        now.set(BUDGET.toNanos());
        SourceFile bucket = file("main.tf", "resource \"aws_s3_bucket\" \"data\" {\n  bucket = \"data\"\n}\n");

        Scanner.Session timed = new IacScanner().start(IGNORED, passed);
        timed.scan(bucket);
        Scanner.Session untimed = new IacScanner().start(IGNORED, ScanDeadline.none());
        untimed.scan(bucket);

        assertThat(untimed.finish()).isNotEmpty();
        assertThat(timed.finish()).isEmpty();
        assertThat(passed.cut()).isTrue();
    }

    @Test
    void shouldNotCountAsCutWhileTheBudgetLasts() {
        ScanDeadline deadline = new ScanDeadline(BUDGET, () -> 0);

        assertThat(deadline.passed()).isFalse();
        assertThat(deadline.cut()).isFalse();
    }

    private static SourceFile file(String path, String text) {
        return new SourceFile(path, text.getBytes(StandardCharsets.UTF_8));
    }
}
