package dev.vigil.server.scan;

import dev.vigil.server.scan.Archives.Pass;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;

import static dev.vigil.server.scan.Archives.file;
import static dev.vigil.server.scan.Archives.random;
import static dev.vigil.server.scan.Archives.tarGz;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class ArchiveReaderLimitsTest {

    private static final long GIB = 1L << 30;
    private static final Duration BOMB_DEADLINE = Duration.ofSeconds(60);

    private final ArchiveLimits defaults = ArchiveLimits.defaults();

    @Test
    void warnsWhenTheUploadIsNotGzip() {
        Pass text = Archives.read(new ArchiveReader(), "just some text".getBytes(StandardCharsets.UTF_8));
        Pass empty = Archives.read(new ArchiveReader(), new byte[0]);

        assertThat(text.warningCodes()).containsExactly("NOT_GZIP");
        assertThat(empty.summary().warnings()).singleElement()
                .satisfies(w -> assertThat(w.message()).contains("empty"));
        assertThat(text.files()).isEmpty();
        assertThat(text.summary().complete()).isFalse();
    }

    @Test
    void stopsAtTheScanDeadlineKeepingTheFilesReadBefore() throws IOException {
        byte[] archive = tarGz(tar -> {
            file(tar, "a.txt", "first");
            file(tar, "b.txt", "second");
            file(tar, "c.txt", "never seen");
        });
        List<SourceFile> files = new ArrayList<>();
        ScanDeadline deadline = new ScanDeadline(Duration.ofMinutes(10),
                () -> files.size() < 2 ? 0 : Duration.ofMinutes(10).toNanos());

        ArchiveSummary summary = new ArchiveReader().read(new ByteArrayInputStream(archive), files::add, deadline);

        assertThat(files).extracting(SourceFile::path).containsExactly("a.txt", "b.txt");
        assertThat(summary.warnings()).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo("SCAN_TIME_LIMIT");
            assertThat(w.message()).contains("after 2 files").contains("PT10M");
        });
        assertThat(summary.complete()).isFalse();
        assertThat(deadline.cut()).isTrue();
    }

    @Test
    void keepsTheFilesBeforeTheCutOfATruncatedGzipAndWarns() {
        byte[] whole = tarGz(tar -> {
            file(tar, "a.txt", "first");
            file(tar, "b.txt", "second");
            file(tar, "noise.bin", random(256 * 1024, 1));
            file(tar, "z.txt", "never seen");
        });
        byte[] truncated = Arrays.copyOf(whole, whole.length / 2);

        Pass pass = Archives.read(new ArchiveReader(), truncated);

        assertThat(pass.paths()).containsExactly("a.txt", "b.txt");
        assertThat(pass.warningCodes()).containsExactly("ARCHIVE_TRUNCATED");
        assertThat(pass.summary().warnings().getFirst().message()).contains("after 2 files");
        assertThat(pass.summary().complete()).isFalse();
    }

    @Test
    void warnsThatGzipDataWhichIsNotATarArchiveIsCorrupt() {
        byte[] notTar = Archives.gzip(random(10_000, 2));

        Pass pass = Archives.read(new ArchiveReader(), notTar);

        assertThat(pass.files()).isEmpty();
        assertThat(pass.warningCodes()).containsExactly("ARCHIVE_CORRUPT");
    }

    @Test
    void throwsTheUploadStreamsOwnFailureInsteadOfReportingIt() {
        byte[] archive = tarGz(tar -> file(tar, "noise.bin", random(512 * 1024, 3)));
        IOException databaseError = new IOException("connection reset");
        InputStream failing = new FilterInputStream(new ByteArrayInputStream(archive)) {
            private int served;

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                if (served > 100_000) {
                    throw databaseError;
                }
                int n = super.read(buffer, offset, Math.min(length, 10_000));
                served += Math.max(n, 0);
                return n;
            }
        };

        assertThatThrownBy(() -> new ArchiveReader().read(failing, file -> { })).isSameAs(databaseError);
    }

    @Test
    void skipsAFileOverThePerFileLimitWithoutStoppingThePass() {
        ArchiveReader reader = new ArchiveReader(defaults.withMaxFileBytes(1024 * 1024));
        Pass pass = Archives.read(reader, tarGz(tar -> {
            file(tar, "small.txt", "small");
            file(tar, "huge.json", random(1024 * 1024 + 1, 4));
            file(tar, "after.txt", "after");
        }));

        assertThat(pass.paths()).containsExactly("small.txt", "after.txt");
        assertThat(pass.summary().warnings()).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo("FILE_TOO_LARGE");
            assertThat(w.path()).isEqualTo("huge.json");
            assertThat(w.message()).contains("1 MiB");
        });
        assertThat(pass.summary().complete()).isTrue();
    }

    @Test
    void stopsAtTheEntryCountLimitKeepingWhatWasRead() {
        ArchiveReader reader = new ArchiveReader(defaults.withMaxEntries(5));
        Pass pass = Archives.read(reader, tarGz(tar -> {
            for (int i = 0; i < 10; i++) {
                file(tar, "f" + i + ".txt", "x");
            }
        }));

        assertThat(pass.paths()).containsExactly("f0.txt", "f1.txt", "f2.txt", "f3.txt", "f4.txt");
        assertThat(pass.warningCodes()).containsExactly("TOO_MANY_ENTRIES");
        assertThat(pass.summary().complete()).isFalse();
    }

    @Test
    void stopsAtTheTotalBytesLimitKeepingWhatWasRead() {
        long limit = 350 * 1024;
        ArchiveReader reader = new ArchiveReader(defaults.withMaxTotalBytes(limit));
        Pass pass = Archives.read(reader, tarGz(tar -> {
            for (int i = 0; i < 10; i++) {
                file(tar, "noise" + i + ".bin", random(100 * 1024, i));
            }
        }));

        assertThat(pass.paths()).containsExactly("noise0.bin", "noise1.bin", "noise2.bin");
        assertThat(pass.warningCodes()).containsExactly("ARCHIVE_TOO_LARGE");
        assertThat(pass.summary().uncompressedBytes()).isLessThanOrEqualTo(limit);
    }

    @Test
    void stopsAtAnEntryHeaderLargerThanOneMebibyteInsteadOfHoldingIt() {
        byte[] hugeName = ("src/" + "n".repeat(2 * 1024 * 1024) + ".txt").getBytes(StandardCharsets.UTF_8);
        Pass pass = Archives.read(new ArchiveReader(), tarGz(tar -> {
            file(tar, "before.txt", "kept");
            TarArchiveEntry longName = new TarArchiveEntry("././@LongLink", TarConstants.LF_GNUTYPE_LONGNAME);
            longName.setSize(hugeName.length);
            tar.putArchiveEntry(longName);
            tar.write(hugeName);
            tar.closeArchiveEntry();
            file(tar, "src/nnnn.txt", "never read");
        }));

        assertThat(pass.paths()).containsExactly("before.txt");
        assertThat(pass.warningCodes()).containsExactly("ARCHIVE_CORRUPT");
        assertThat(pass.summary().warnings().getFirst().message()).contains("entry header");
    }

    @Test
    void survivesThreeGibibytesOfZerosInOneFileByTheRatioGuard() {
        Pass pass = bomb(new ArchiveReader(), 1, 3 * GIB, Deflater.BEST_COMPRESSION);

        assertThat(pass.files()).isEmpty();
        assertThat(pass.warningCodes()).containsExactly("FILE_TOO_LARGE", "COMPRESSION_RATIO");
        assertThat(pass.summary().uncompressedBytes()).isLessThan(64 * ArchiveLimits.MIB);
    }

    @Test
    void survivesThreeGibibytesOfZerosInManyFilesByTheRatioGuard() {
        Pass pass = bomb(new ArchiveReader(), 3072, ArchiveLimits.MIB, Deflater.BEST_COMPRESSION);

        assertThat(pass.warningCodes()).containsExactly("COMPRESSION_RATIO");
        assertThat(pass.summary().filesRead()).isLessThan(64);
        assertThat(pass.summary().complete()).isFalse();
    }

    @Test
    void survivesThreeGibibytesOfZerosInOneFileByTheTotalLimitWhenTheRatioGuardIsOff() {
        Pass pass = bomb(new ArchiveReader(defaults.withoutRatioGuard()), 1, 3 * GIB, Deflater.BEST_SPEED);

        assertThat(pass.warningCodes()).containsExactly("FILE_TOO_LARGE", "ARCHIVE_TOO_LARGE");
        assertThat(pass.summary().uncompressedBytes()).isLessThanOrEqualTo(defaults.maxTotalBytes());
    }

    @Test
    void survivesThreeGibibytesOfZerosInManyFilesByTheTotalLimitWhenTheRatioGuardIsOff() {
        Pass pass = bomb(new ArchiveReader(defaults.withoutRatioGuard()), 3072, ArchiveLimits.MIB, Deflater.BEST_SPEED);

        assertThat(pass.warningCodes()).containsExactly("ARCHIVE_TOO_LARGE");
        assertThat(pass.summary().filesRead()).isBetween(500, 511);
        assertThat(pass.summary().uncompressedBytes()).isLessThanOrEqualTo(defaults.maxTotalBytes());
    }

    /** Reads a bomb generated on the fly (never held whole), keeping only its first files, within the deadline. */
    private static Pass bomb(ArchiveReader reader, int files, long fileSize, int level) {
        return assertTimeoutPreemptively(BOMB_DEADLINE, () -> {
            List<SourceFile> kept = new ArrayList<>();
            ArchiveSummary summary;
            try (InputStream upload = ZeroBomb.gzipTarOfZeros(files, fileSize, level)) {
                summary = reader.read(upload, file -> {
                    if (kept.size() < 64) {
                        kept.add(file);
                    }
                });
            }
            return new Pass(summary, kept);
        });
    }
}
