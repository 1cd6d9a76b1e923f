package dev.vigil.server.scan;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Hostile uploads end as completed scans with warnings; nothing outside the archive is read or written. */
@VigilServerTest
class HostileArchiveScanTest {

    private static final String TOKEN = "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";
    private static TestServer server;
    private static TestServer.Tenant tenant;

    private static ScanDetail scan(Project project, byte[] archive) {
        var scan = tenant.owner().submitScan(ScanSubmission.of(ScanArchive.of(archive), project.id(), "main",
                "4".repeat(40), ScanType.SECRETS));
        ScanDetail done = tenant.owner().awaitScan(scan.id(), Duration.ofSeconds(60));
        assertThat(done.status()).isEqualTo(ScanStatus.COMPLETED);
        return done;
    }

    @Test
    void traversalAbsoluteAndLinkEntriesBecomeWarnings() throws Exception {
        Project project = tenant.owner().createProject(new NewProject("hostile", "main"));
        Path outside = Files.createTempFile("vigil-outside", ".txt");
        Files.writeString(outside, "TOKEN=" + TOKEN + "\n");
        byte[] archive = Archives.tarGz(tar -> {
            Archives.file(tar, "../../etc/evil.txt", "x");
            Archives.file(tar, "/etc/passwd", "root:x:0:0");
            Archives.entry(tar, "link-to-outside", TarConstants.LF_SYMLINK, outside.toString());
            Archives.entry(tar, "hard-link", TarConstants.LF_LINK, outside.toString());
            Archives.file(tar, "ok/app.py", "print('fine')\n");
        });

        ScanDetail done = scan(project, archive);

        assertThat(done.scanWarnings()).extracting(ScanWarning::code)
                .contains("UNSAFE_PATH", "LINK_SKIPPED");
        assertThat(done.findingsCount()).as("the linked file holds a token but is never read").isZero();
        assertThat(Files.exists(Path.of("/etc/evil.txt"))).isFalse();
    }

    @Test
    void truncatedUploadKeepsWhatWasReadAndResolvesNothing() {
        Project project = tenant.owner().createProject(new NewProject("truncated", "main"));
        byte[] full = Archives.tarGz(tar -> {
            Archives.file(tar, "a.env", "TOKEN=" + TOKEN + "\n");
            Archives.file(tar, "big.bin", Archives.random(400_000, 9));
        });
        scan(project, full);
        Finding before = tenant.owner().findings().list(FindingFilter.none().withProject(project.id()), 10, null)
                .data().getFirst();
        byte[] cut = Arrays.copyOf(full, full.length / 2);
        byte[] onlyOther = Archives.tarGz(tar -> Archives.file(tar, "b.txt", "nothing\n"));
        byte[] truncatedWithoutToken = Arrays.copyOf(onlyOther, onlyOther.length - 12);

        ScanDetail partial = scan(project, truncatedWithoutToken);

        assertThat(partial.scanWarnings()).extracting(ScanWarning::code).containsAnyOf("ARCHIVE_TRUNCATED",
                "ARCHIVE_CORRUPT");
        assertThat(tenant.owner().findings().get(before.id()).status()).isEqualTo(FindingStatus.OPEN);
        assertThat(scan(project, cut).scanWarnings()).isNotEmpty();
        assertThat(tenant.owner().findings().get(before.id()).status()).isEqualTo(FindingStatus.OPEN);
    }
}
