package dev.vigil.server.scan;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
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
    void shouldTurnAStackOverflowOnAFileIntoAWarningAndAFileNotRead() {
        List<String> codes = new ArrayList<>();
        Coverage coverage = new Coverage();
        GuardedSession session = new GuardedSession(OVERFLOWING, (code, message, path) -> codes.add(code), coverage);

        session.scan(new SourceFile("deep.json", new byte[0]));

        assertThat(codes).containsExactly("SCANNER_ERROR");
        assertThat(coverage.read("deep.json")).isFalse();
    }

    @Test
    void shouldFailTheScanWithAnExceptionWhenFinishingOverflows() {
        GuardedSession session = new GuardedSession(OVERFLOWING, (code, message, path) -> { }, new Coverage());

        assertThatThrownBy(session::finish).isInstanceOf(IllegalStateException.class)
                .hasCauseInstanceOf(StackOverflowError.class);
    }
}
