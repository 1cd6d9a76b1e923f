package dev.vigil.server.cli;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.Json;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;

/**
 * {@code vigil submit}: the CI client. Packages a directory, submits it as a scan, waits for the result and
 * exits 0 when the change is not blocked, 1 when it is, 2 on any error. The API key is never printed.
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        versionProvider = VigilCommand.VersionProvider.class, description = "Package a directory, scan it and wait for the result (exit 0: not blocked, 1: blocked, 2: error).")
public final class SubmitCommand implements Callable<Integer> {

    static final int NOT_BLOCKED = 0;
    static final int BLOCKED = 1;
    static final int ERROR = 2;

    @Spec
    CommandSpec spec;

    @Option(names = "--server", description = "URL of the Vigil server (default: $VIGIL_URL).")
    URI server;

    @Option(names = "--api-key", description = "API key (default: $VIGIL_API_KEY; prefer the variable in CI logs).")
    String apiKey;

    @Option(names = "--project", required = true, description = "Project id (UUID).")
    UUID project;

    @Option(names = "--branch", description = "Branch name (default: the current git branch).")
    String branch;

    @Option(names = "--commit", description = "Full commit SHA (default: git rev-parse HEAD).")
    String commit;

    @Option(names = "--scan-type", defaultValue = "full",
            description = "full, sca, iac, secrets, sca,iac, sca,secrets or iac,secrets (default: ${DEFAULT-VALUE}).")
    String scanType;

    @Option(names = "--pr", description = "Pull/merge request number: the server comments on it.")
    Integer pr;

    @Option(names = "--base", description = "Base ref of the change: changed files are git diff --name-only BASE...HEAD.")
    String base;

    @Option(names = "--dir", defaultValue = ".", description = "Directory to scan (default: the current one).")
    Path dir;

    @Option(names = "--sarif", description = "Write the scan's SARIF log to this file.")
    Path sarif;

    @Option(names = "--timeout", defaultValue = "PT30M",
            description = "How long to wait for the result, ISO 8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--retries", defaultValue = "5", description = "Retries on network errors, 429 and 5xx (default: ${DEFAULT-VALUE}).")
    int retries;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return run(spec.commandLine().getOut(), err);
        } catch (SubmitException | ArchivePackager.TooLargeException e) {
            err.println("vigil submit: " + e.getMessage());
        } catch (RuntimeException e) {
            err.println("vigil submit: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        err.flush();
        return ERROR;
    }

    private int run(PrintWriter out, PrintWriter err) throws SubmitException {
        URI url = Optional.ofNullable(server).or(() -> env("VIGIL_URL").map(URI::create))
                .orElseThrow(() -> new SubmitException("no server: give --server or set VIGIL_URL"));
        String key = Optional.ofNullable(apiKey).or(() -> env("VIGIL_API_KEY"))
                .orElseThrow(() -> new SubmitException("no API key: set VIGIL_API_KEY (or give --api-key)"));
        ScanType type = ScanType.of(scanType);
        Path root = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) {
            throw new SubmitException(root + " is not a directory");
        }
        String branchName = branch != null ? branch : Git.currentBranch(root);
        String sha = commit != null ? commit : Git.head(root);
        Optional<List<String>> changed = base == null ? Optional.empty() : Optional.of(Git.changedFiles(root, base));
        Path archive = tempArchive();
        try (VigilClient client = VigilClient.of(url, key)) {
            ArchivePackager.Packaged packaged = new ArchivePackager().pack(root, archive);
            err.printf("vigil: packaged %d files (%s) from %s%n", packaged.files(), size(packaged.bytes()), root);
            ScanSubmission submission = new ScanSubmission(ScanArchive.of(archive), project, branchName, sha, type,
                    Optional.ofNullable(pr), changed);
            Retrying retrying = new Retrying(retries, err);
            UUID scanId = retrying.submit(client, submission);
            err.printf("vigil: scan %s submitted%n", scanId);
            ScanDetail done = retrying.await(client, scanId, timeout);
            Summary.print(out, done);
            if (sarif != null && done.sarif() != null) {
                Files.writeString(sarif, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(done.sarif()));
                err.printf("vigil: SARIF written to %s%n", sarif);
            }
            out.flush();
            if (done.status() != ScanStatus.COMPLETED) {
                throw new SubmitException("the scan " + done.status().wire() + "; see its warnings above");
            }
            return done.isBlocked() ? BLOCKED : NOT_BLOCKED;
        } catch (IOException e) {
            throw new SubmitException("cannot write " + sarif + ": " + e.getMessage());
        } finally {
            try {
                Files.deleteIfExists(archive);
            } catch (IOException ignored) {
                // a temporary file
            }
        }
    }

    private static Path tempArchive() throws SubmitException {
        try {
            return Files.createTempFile("vigil-submit", ".tar.gz");
        } catch (IOException e) {
            throw new SubmitException("cannot create a temporary file: " + e.getMessage());
        }
    }

    private static String size(long bytes) {
        return bytes < 1024 * 1024 ? (bytes / 1024) + " KiB" : String.format("%.1f MiB", bytes / 1048576.0);
    }

    private static Optional<String> env(String name) {
        return Optional.ofNullable(System.getenv(name)).filter(v -> !v.isBlank());
    }

    /** A failure to report in one line and exit 2. */
    static final class SubmitException extends Exception {
        SubmitException(String message) {
            super(message, null, false, false);
        }
    }
}
