package dev.vigil.client;

import java.nio.file.Path;
import java.util.Objects;

/** The gzipped tar archive of a scan submission: a file streamed from disk, or bytes already in memory. */
public sealed interface ScanArchive permits ScanArchive.OfFile, ScanArchive.OfBytes {

    static ScanArchive of(Path file) {
        return new OfFile(file);
    }

    /** The array is sent as it is, not copied: do not change it until the submission has been sent. */
    static ScanArchive of(byte[] bytes) {
        return new OfBytes(bytes);
    }

    record OfFile(Path path) implements ScanArchive {
        public OfFile {
            Objects.requireNonNull(path, "path");
        }
    }

    record OfBytes(byte[] bytes) implements ScanArchive {
        public OfBytes {
            Objects.requireNonNull(bytes, "bytes");
        }

        @Override
        public String toString() {
            return "OfBytes[" + bytes.length + " bytes]";
        }
    }
}
