package dev.vigil.server.pipeline;

import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GuardedSessionTest {

    /** A scanner that recurses without end on every file and at the end. */
    private static final Scanner.Session OVERFLOWING = new Scanner.Session() {
        @Override
        public void scan(SourceFile file) {
            throw new StackOverflowError();
        }

        @Override
        public List<Detection> finish() {
            throw new StackOverflowError();
        }
    };

    @Test
    void shouldTurnAStackOverflowOnAFileIntoAWarningAndAKindNotRead() {
        ScanWarnings warnings = new ScanWarnings();
        Coverage coverage = new Coverage();
        GuardedSession session = new GuardedSession(OVERFLOWING, new KindReport(ScanKind.SCA, warnings, coverage),
                new StageTimes());

        session.scan(new SourceFile("deep.json", new byte[0]));

        assertThat(warnings.toList()).extracting(ScanWarning::code).containsExactly("SCANNER_ERROR");
        assertThat(coverage.read(ScanKind.SCA, "deep.json")).isFalse();
    }

    @Test
    void shouldFailTheScanWithAnExceptionWhenFinishingOverflows() {
        GuardedSession session = new GuardedSession(OVERFLOWING,
                new KindReport(ScanKind.SCA, new ScanWarnings(), new Coverage()), new StageTimes());

        assertThatThrownBy(session::finish).isInstanceOf(IllegalStateException.class)
                .hasCauseInstanceOf(StackOverflowError.class);
    }
}
