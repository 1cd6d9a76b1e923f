package dev.vigil.server.pipeline;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScanLanesTest {

    /** Records what it was given and on which thread. */
    private static final class Recording implements Scanner.Session {
        final List<String> paths = Collections.synchronizedList(new ArrayList<>());
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();

        @Override
        public void scan(SourceFile file) {
            threads.add(Thread.currentThread());
            paths.add(file.path() + "=" + file.text());
        }

        @Override
        public List<Detection> finish() {
            return List.of();
        }
    }

    private static List<SourceFile> files(int count, int size) {
        List<SourceFile> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] content = ("f" + i + "-" + "x".repeat(size)).getBytes(StandardCharsets.UTF_8);
            files.add(new SourceFile("dir/" + i + ".py", content));
        }
        return files;
    }

    @Test
    void shouldHandEveryFileToEverySessionInArchiveOrderOnAThreadOfItsOwn() {
        Recording first = new Recording();
        Recording second = new Recording();
        List<SourceFile> files = files(500, 100);

        try (ScanLanes lanes = new ScanLanes(List.of(first, second))) {
            files.forEach(lanes::offer);
            lanes.awaitScanned();
        }

        List<String> expected = files.stream().map(f -> f.path() + "=" + f.text()).toList();
        assertThat(first.paths).containsExactlyElementsOf(expected);
        assertThat(second.paths).containsExactlyElementsOf(expected);
        assertThat(first.threads).hasSize(1).doesNotContain(Thread.currentThread());
        assertThat(second.threads).hasSize(1).doesNotContain(Thread.currentThread()).doesNotContainAnyElementsOf(
                first.threads);
    }

    @Test
    void shouldPassMoreBytesThanALaneHoldsWithoutLosingAFile() {
        Recording session = new Recording();
        // 40 files of 1 MiB each: two and a half times what one lane holds at once
        List<SourceFile> files = files(40, 1 << 20);

        try (ScanLanes lanes = new ScanLanes(List.of(session))) {
            files.forEach(lanes::offer);
            lanes.awaitScanned();
        }

        assertThat(session.paths).hasSize(40);
    }

    @Test
    void shouldReportWhatALaneThrewWhenAwaitingIt() {
        Scanner.Session failing = new Scanner.Session() {
            @Override
            public void scan(SourceFile file) {
                throw new OutOfMemoryError("fake");
            }

            @Override
            public List<Detection> finish() {
                return List.of();
            }
        };

        try (ScanLanes lanes = new ScanLanes(List.of(failing))) {
            files(10, 10).forEach(lanes::offer);
            assertThatThrownBy(lanes::awaitScanned).isInstanceOf(IllegalStateException.class)
                    .hasCauseInstanceOf(OutOfMemoryError.class);
        }
    }
}
