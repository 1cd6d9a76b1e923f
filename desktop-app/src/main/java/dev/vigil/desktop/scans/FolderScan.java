package dev.vigil.desktop.scans;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.UUID;

/**
 * The background work of scanning a folder: package it with {@link ArchivePackager} (what the packaging
 * guidance leaves out, and .gitignore, stay out), submit the archive, then follow the scan until it has
 * finished. Runs on a worker thread and reports each step to {@link Progress}.
 */
final class FolderScan {

    /** What the work reports, from the worker thread. */
    interface Progress {
        /** A step: {@code fraction} from 0 to 1 (-1: unknown) and what is happening. */
        void report(double fraction, String phase);

        /** The server has accepted the scan: it is in the list from now on. */
        void submitted(UUID scanId);
    }

    /** The scan's own commit hash is unknown for a bare folder: the archive's SHA-1 names the content. */
    record Request(Path folder, UUID projectId, String branch, ScanType scanType) {
    }

    private static final Duration GIVE_UP = Duration.ofMinutes(15);

    private final VigilClient client;
    private final ArchivePackager packager;

    FolderScan(VigilClient client, ArchivePackager packager) {
        this.client = client;
        this.packager = packager;
    }

    ScanDetail run(Request request, Progress progress) throws IOException {
        progress.report(-1, "Packaging " + request.folder().getFileName() + "…");
        Path archive = Files.createTempFile("vigil-scan-", ".tar.gz");
        try {
            ArchivePackager.Packaged packaged = packager.pack(request.folder(), archive);
            progress.report(0.25, "Packaged " + packaged.files() + " files, " + size(packaged.bytes())
                    + (packaged.skipped() > 0 ? " (" + packaged.skipped() + " left out)" : "") + ". Uploading…");
            Scan scan = client.submitScan(ScanSubmission.of(ScanArchive.of(archive), request.projectId(),
                    request.branch(), sha1(archive), request.scanType()));
            progress.submitted(scan.id());
            progress.report(0.5, "Uploaded " + size(packaged.bytes()) + ". Scan " + scan.status().wire() + "…");
            return follow(scan.id(), progress);
        } finally {
            Files.deleteIfExists(archive);
        }
    }

    private ScanDetail follow(UUID scanId, Progress progress) {
        return client.awaitScan(scanId, GIVE_UP, unfinished -> progress.report(
                unfinished.status() == ScanStatus.RUNNING ? 0.75 : 0.5, "Scan " + unfinished.status().wire() + "…"));
    }

    static String size(long bytes) {
        return bytes < 1024 ? bytes + " B" : bytes < 1024 * 1024 ? (bytes + 1023) / 1024 + " KiB"
                : String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
    }

    private static String sha1(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-1"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }

    /** The server's message; for the rate limit also when to try again. */
    static String describe(Throwable failure) {
        String message = ServerErrors.describe(failure);
        if (failure instanceof VigilApiException api && api.status() == 429 && api.retryAfter().isPresent()) {
            Duration wait = api.retryAfter().get();
            long minutes = Math.max(1, (wait.toSeconds() + 59) / 60);
            return message + " Try again in " + minutes + (minutes == 1 ? " minute." : " minutes.");
        }
        return message;
    }
}
