package dev.vigil.server.scan;

/** The {@code code} of every {@link dev.vigil.model.ScanWarning} an archive pass reports. */
public enum ArchiveWarningCode {
    /** The upload is not gzip data (or is empty); nothing was read. */
    NOT_GZIP,
    /** The gzip or tar data ends early; the files before the cut were read. */
    ARCHIVE_TRUNCATED,
    /** The gzip or tar data is malformed; the files before the damage were read. */
    ARCHIVE_CORRUPT,
    /** The uncompressed total limit was reached; the pass stopped there. */
    ARCHIVE_TOO_LARGE,
    /** The entry count limit was reached; the pass stopped there. */
    TOO_MANY_ENTRIES,
    /** The archive expands more than the ratio limit (a likely bomb); the pass stopped there. */
    COMPRESSION_RATIO,
    /** The scan ran past its time limit; the pass stopped there. */
    SCAN_TIME_LIMIT,
    /** One file is over the per-file limit and was skipped. */
    FILE_TOO_LARGE,
    /** An entry name is absolute, escapes the archive root or holds a NUL byte; the entry was skipped. */
    UNSAFE_PATH,
    /** A symbolic or hard link was skipped, never followed. */
    LINK_SKIPPED,
    /** A sparse file (old GNU, GNU PAX or star): its holes expand past every limit, so it was skipped. */
    SPARSE_FILE_SKIPPED,
    /** A device, FIFO or other non-regular entry was skipped. */
    SPECIAL_FILE_SKIPPED
}
