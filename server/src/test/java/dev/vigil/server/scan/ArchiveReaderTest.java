package dev.vigil.server.scan;

import dev.vigil.model.ScanWarning;
import dev.vigil.server.scan.Archives.Pass;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static dev.vigil.server.scan.Archives.entry;
import static dev.vigil.server.scan.Archives.file;
import static dev.vigil.server.scan.Archives.tarGz;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class ArchiveReaderTest {

    private final ArchiveReader reader = new ArchiveReader();

    @Test
    void readsRegularFilesWithTheirContentInArchiveOrder() {
        Pass pass = Archives.read(reader, tarGz(tar -> {
            entry(tar, "src/", TarConstants.LF_DIR, null);
            file(tar, "src/Main.java", "class Main {}\n");
            file(tar, "README.md", "# hello\n");
            file(tar, "empty.txt", "");
        }));

        assertThat(pass.paths()).containsExactly("src/Main.java", "README.md", "empty.txt");
        assertThat(pass.files().getFirst().text()).isEqualTo("class Main {}\n");
        assertThat(pass.summary().filesRead()).isEqualTo(3);
        assertThat(pass.summary().bytesRead()).isEqualTo(22);
        assertThat(pass.summary().complete()).isTrue();
        assertThat(pass.summary().warnings()).isEmpty();
    }

    @ParameterizedTest(name = "{0} is read as {1}")
    @CsvSource({
            "./src/app.py,         src/app.py",
            "././src//lib/./x.go,  src/lib/x.go",
            "src/old/../new.tf,    src/new.tf",
            "'win\\dir\\file.cs',  win/dir/file.cs",
            "...,                  ...",
            "src/café/naïve.py,    src/café/naïve.py"})
    void normalisesEntryNames(String name, String expected) {
        Pass pass = Archives.read(reader, tarGz(tar -> file(tar, name, "x")));

        assertThat(pass.paths()).containsExactly(expected);
        assertThat(pass.summary().warnings()).isEmpty();
    }

    @Test
    void readsPaxAndGnuLongNames() throws IOException {
        String longName = "src/" + "deep/".repeat(40) + "File.java";
        byte[] pax = tarGz(tar -> file(tar, longName, "pax"));
        ByteArrayOutputStream gnu = new ByteArrayOutputStream();
        try (var tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(gnu), "UTF-8")) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_GNU);
            file(tar, longName, "gnu");
        }

        assertThat(Archives.read(reader, pax).paths()).containsExactly(longName);
        assertThat(Archives.read(reader, gnu.toByteArray()).paths()).containsExactly(longName);
    }

    @Test
    void readsATarSplitAcrossConcatenatedGzipMembers() throws IOException {
        ByteArrayOutputStream tarBytes = new ByteArrayOutputStream();
        try (var tar = new TarArchiveOutputStream(tarBytes, "UTF-8")) {
            for (int i = 0; i < 20; i++) {
                file(tar, "f" + i + ".txt", "file " + i);
            }
        }
        byte[] whole = tarBytes.toByteArray();
        int half = whole.length / 2 + 100;
        ByteArrayOutputStream upload = new ByteArrayOutputStream();
        upload.write(Archives.gzip(Arrays.copyOfRange(whole, 0, half)));
        upload.write(Archives.gzip(Arrays.copyOfRange(whole, half, whole.length)));

        Pass pass = Archives.read(reader, upload.toByteArray());

        assertThat(pass.paths()).hasSize(20).endsWith("f19.txt");
        assertThat(pass.summary().complete()).isTrue();
    }

    @Test
    void letsAnExceptionOfTheConsumerPropagate() {
        byte[] archive = tarGz(tar -> file(tar, "a.txt", "a"));
        IllegalStateException scannerBug = new IllegalStateException("scanner bug");

        assertThatThrownBy(() -> reader.read(new ByteArrayInputStream(archive), file -> {
            throw scannerBug;
        })).isSameAs(scannerBug);
    }

    @Test
    void skipsThePackagingGuidanceDirectoriesSilentlyAtAnyDepth() {
        Pass pass = Archives.read(reader, tarGz(tar -> {
            file(tar, ".git/config", "[core]");
            file(tar, "node_modules/lodash/index.js", "module.exports = {}");
            entry(tar, "node_modules/.bin/tsc", TarConstants.LF_SYMLINK, "../typescript/bin/tsc");
            file(tar, "app/vendor/github.com/x/y.go", "package y");
            file(tar, "infra/.terraform/providers/p.json", "{}");
            file(tar, "./target/classes/App.class", "cafebabe");
            file(tar, "web/dist/bundle.js", "x");
            file(tar, "web/build/out.js", "x");
            file(tar, "build.gradle", "plugins {}");
            file(tar, "docs/build", "a file named build");
            file(tar, "buildSrc/Plugin.kt", "class Plugin");
            file(tar, "src/targets.txt", "t");
        }));

        assertThat(pass.paths()).containsExactly("build.gradle", "docs/build", "buildSrc/Plugin.kt", "src/targets.txt");
        assertThat(pass.summary().warnings()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"../evil.sh", "src/../../evil.sh", "/etc/passwd", "C:\\Windows\\evil.bat", "c:evil.bat",
            "..\\evil.ps1"})
    void skipsAbsoluteAndEscapingEntriesWithAWarningAndReadsNothingOutside(String hostile) {
        Pass pass = Archives.read(reader, tarGz(tar -> {
            file(tar, hostile, "owned");
            file(tar, "ok.txt", "fine");
        }));

        assertThat(pass.paths()).containsExactly("ok.txt");
        assertThat(pass.summary().warnings()).singleElement().satisfies(warning -> {
            assertThat(warning.code()).isEqualTo("UNSAFE_PATH");
            assertThat(warning.path()).isEqualTo(hostile);
        });
        assertThat(pass.summary().complete()).isTrue();
    }

    @Test
    void skipsAnEntryWhoseNameHoldsANulByte() {
        String name = "src/" + "x".repeat(120) + "\u0000.txt";
        Pass pass = Archives.read(reader, tarGz(tar -> file(tar, name, "hidden")));

        assertThat(pass.files()).isEmpty();
        assertThat(pass.summary().warnings()).extracting(ScanWarning::code, ScanWarning::path)
                .containsExactly(tuple("UNSAFE_PATH", name.replace('\u0000', '?')));
    }

    @Test
    void neverFollowsSymbolicOrHardLinksAndSkipsSpecialFiles() {
        Pass pass = Archives.read(reader, tarGz(tar -> {
            file(tar, "src/Main.java", "class Main {}");
            entry(tar, "passwd", TarConstants.LF_SYMLINK, "/etc/passwd");
            entry(tar, "src/Copy.java", TarConstants.LF_LINK, "src/Main.java");
            entry(tar, "dev/tty", TarConstants.LF_CHR, null);
            entry(tar, "dev/sda", TarConstants.LF_BLK, null);
            entry(tar, "run/pipe", TarConstants.LF_FIFO, null);
        }));

        assertThat(pass.paths()).containsExactly("src/Main.java");
        assertThat(pass.summary().warnings()).extracting(ScanWarning::code, ScanWarning::path).containsExactly(
                tuple("LINK_SKIPPED", "passwd"),
                tuple("LINK_SKIPPED", "src/Copy.java"),
                tuple("SPECIAL_FILE_SKIPPED", "dev/tty"),
                tuple("SPECIAL_FILE_SKIPPED", "dev/sda"),
                tuple("SPECIAL_FILE_SKIPPED", "run/pipe"));
        assertThat(pass.summary().warnings().get(0).message()).contains("/etc/passwd").contains("not followed");
    }

    @Test
    void keepsAtMostAHundredWarningsOfAKindAndCountsTheRest() {
        Pass pass = Archives.read(reader, tarGz(tar -> {
            for (int i = 0; i < 150; i++) {
                entry(tar, "links/l" + i, TarConstants.LF_SYMLINK, "/etc/passwd");
            }
        }));

        assertThat(pass.summary().warnings()).hasSize(101);
        assertThat(pass.summary().warnings().getLast().message()).startsWith("50 more LINK_SKIPPED");
    }

    @Test
    void handsOverBinaryFilesForTheScannersToJudge() {
        byte[] binary = {0x7f, 'E', 'L', 'F', 0, 0, 1};
        Pass pass = Archives.read(reader, tarGz(tar -> file(tar, "bin/tool", binary)));

        assertThat(pass.files()).singleElement().satisfies(f -> assertThat(f.isBinary()).isTrue());
        assertThat(new String(pass.files().getFirst().content(), 1, 3, StandardCharsets.US_ASCII)).isEqualTo("ELF");
    }
}
