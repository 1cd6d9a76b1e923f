package dev.vigil.server.cli;

import dev.vigil.client.ArchivePackager;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The packager of {@code vigil submit}, read back with commons-compress as the server reads it. */
class ArchivePackagerTest {

    @TempDir
    Path root;
    @TempDir
    Path out;

    private void write(String path, String content) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    private Map<String, String> entries(Path archive) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (InputStream in = new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(archive)))) {
            TarArchiveInputStream tar = (TarArchiveInputStream) in;
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                entries.put(entry.getName(), new String(tar.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return entries;
    }

    @Test
    void shouldSkipTheGuidanceDirectoriesAtAnyDepth() throws IOException {
        write("src/app.js", "app");
        write(".git/config", "x");
        write("node_modules/left-pad/index.js", "x");
        write("web/node_modules/a.js", "x");
        write("go/vendor/lib.go", "x");
        write("infra/.terraform/providers.txt", "x");
        write("target/classes/A.class", "x");
        write("dist/bundle.js", "x");
        write("build/out.txt", "x");

        var packaged = new ArchivePackager().pack(root, out.resolve("a.tar.gz"));

        assertThat(entries(packaged.archive())).containsOnlyKeys("src/app.js");
        assertThat(packaged.files()).isEqualTo(1);
    }

    @Test
    void shouldHonourGitignorePatterns() throws IOException {
        write(".gitignore", "# comment\n*.log\n!keep.log\n/secret-dir/\ndocs/**/*.tmp\ncache/\n");
        write("a.log", "x");
        write("keep.log", "kept");
        write("sub/b.log", "x");
        write("secret-dir/x.txt", "x");
        write("sub/secret-dir/y.txt", "kept");
        write("docs/a/b/c.tmp", "x");
        write("docs/readme.md", "kept");
        write("deep/cache/z.bin", "x");
        write("sub/.gitignore", "local.txt\n!b.log\n");
        write("sub/local.txt", "x");
        write("local.txt", "kept");

        Map<String, String> entries = entries(new ArchivePackager().pack(root, out.resolve("a.tar.gz")).archive());

        assertThat(entries).containsOnlyKeys(".gitignore", "keep.log", "sub/b.log", "sub/secret-dir/y.txt",
                "docs/readme.md", "sub/.gitignore", "local.txt");
    }

    @Test
    void shouldNeverFollowSymbolicLinks() throws IOException {
        Path outside = Files.writeString(out.resolve("outside.txt"), "outside");
        write("in.txt", "inside");
        Files.createSymbolicLink(root.resolve("link.txt"), outside);
        Files.createSymbolicLink(root.resolve("linked-dir"), out);

        assertThat(entries(new ArchivePackager().pack(root, out.resolve("a.tar.gz")).archive()))
                .containsOnlyKeys("in.txt");
    }

    @Test
    void shouldKeepLongNamesWithPaxHeaders() throws IOException {
        String longPath = "a".repeat(60) + "/" + "b".repeat(60) + "/" + "ünïcode-" + "c".repeat(80) + ".tf";
        write(longPath, "resource");

        assertThat(entries(new ArchivePackager().pack(root, out.resolve("a.tar.gz")).archive()))
                .containsExactly(Map.entry(longPath, "resource"));
    }

    @Test
    void shouldRefuseAnArchiveOverTheLimitAndLeaveNothingBehind() throws IOException {
        byte[] noise = new byte[200_000];
        new Random(1).nextBytes(noise);
        Files.write(root.resolve("noise.bin"), noise);
        Path archive = out.resolve("big.tar.gz");

        assertThatThrownBy(() -> new ArchivePackager(100_000).pack(root, archive))
                .isInstanceOf(ArchivePackager.TooLargeException.class)
                .hasMessageContaining("would exceed");
        assertThat(archive).doesNotExist();
    }
}
