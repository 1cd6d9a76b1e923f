package dev.vigil.server.api;

import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.ErrorMapping;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;

/**
 * Where uploaded archives wait, as temporary files, until their submission is stored: the archive arrives at the
 * client's speed without a database connection or an upload permit, and is then copied into the database in one
 * short transaction. Each file is deleted when its submission ends, whatever the outcome.
 */
final class UploadSpool {

    /** Older than this and not written to, a file was left by a node that died while receiving it. */
    private static final Duration ABANDONED = Duration.ofHours(1);

    private final Path directory;

    UploadSpool(Path directory) {
        this.directory = directory;
    }

    /** Creates the directory and deletes what a dead node left in it. */
    UploadSpool prepare() {
        try {
            Files.createDirectories(directory);
            Instant before = Instant.now().minus(ABANDONED);
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.toList()) {
                    if (Files.getLastModifiedTime(file).toInstant().isBefore(before)) {
                        Files.deleteIfExists(file);
                    }
                }
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the upload directory " + directory, e);
        }
    }

    /** Writes the archive part to a new file under the cap: 400 if it is not gzip, 413 past the cap. */
    SpooledArchive receive(InputStream part) {
        Path file = newFile();
        UploadStream upload = new UploadStream(part, ScanSubmissions.MAX_ARCHIVE_BYTES);
        try (InputStream in = new BufferedInputStream(upload, 1 << 16);
             OutputStream out = Files.newOutputStream(file)) {
            in.mark(2);
            int first = in.read();
            int second = in.read();
            if (first != 0x1f || second != 0x8b) {
                throw ApiException.validation("files",
                        first < 0 ? "is empty" : "is not gzip data: send a .tar.gz archive");
            }
            in.reset();
            in.transferTo(out);
            return new SpooledArchive(file, upload.count(), upload.sha256());
        } catch (IOException | RuntimeException e) {
            delete(file);
            if (upload.exceeded()) {
                throw ApiException.payloadTooLarge("the archive exceeds the limit of 50 MiB");
            }
            if (upload.endedEarly() && ErrorMapping.refusal(e).isEmpty()) {
                // the body ended before the archive part did (no closing boundary): the client's fault
                throw FormParts.malformed();
            }
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    private Path newFile() {
        try {
            return Files.createTempFile(directory, "upload-", ".tar.gz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the spooled upload " + file, e);
        }
    }

    /** A received archive: its file, size and SHA-256. Closing deletes the file. */
    record SpooledArchive(Path file, long size, String sha256) implements AutoCloseable {

        InputStream open() throws IOException {
            return Files.newInputStream(file);
        }

        @Override
        public void close() {
            delete(file);
        }
    }
}
