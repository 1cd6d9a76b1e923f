package dev.vigil.server.scan;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Reads an uploaded {@code .tar.gz} once, as a stream, and hands every eligible regular file to a consumer as a
 * {@link SourceFile}; nothing is written to disk (docs/adr/0007-archive-read-once-as-a-stream.md).
 *
 * <p>Contract:
 * <ul>
 *   <li>Files under a directory of the packaging guidance ({@code .git}, {@code node_modules}, {@code vendor},
 *       {@code .terraform}, {@code target}, {@code dist}, {@code build}, at any depth) and directories are skipped
 *       silently. Links, devices, FIFOs and names that are absolute or escape the root are skipped, never followed,
 *       with a warning. Paths handed over are normalised and relative.</li>
 *   <li>The {@link ArchiveLimits} are enforced while reading: a file over the per-file limit is skipped without
 *       being held in memory; reaching a global limit or the scan's deadline stops the pass. Either way the pass
 *       ends normally with a warning and keeps what it already handed over.</li>
 *   <li>Bad content (not gzip, truncated, corrupt) never throws: it becomes a warning, and the files read before
 *       it stay handed over. Only a failure of the upload's own stream throws, as the original
 *       {@link IOException}: the scan then did not see its archive and should be retried, not completed.</li>
 *   <li>An exception thrown by the consumer propagates unchanged and ends the pass.</li>
 *   <li>The upload stream is not closed. A reader is immutable and thread-safe; each call is one pass.</li>
 * </ul>
 */
public final class ArchiveReader {

    static final int BUFFER_SIZE = 1 << 16;

    private final ArchiveLimits limits;

    public ArchiveReader(ArchiveLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public ArchiveReader() {
        this(ArchiveLimits.defaults());
    }

    public ArchiveLimits limits() {
        return limits;
    }

    /**
     * Reads the whole archive, handing each eligible file to {@code sink} in archive order.
     *
     * @throws IOException only when {@code upload} itself fails to deliver its bytes
     */
    public ArchiveSummary read(InputStream upload, Consumer<SourceFile> sink) throws IOException {
        return read(upload, sink, ScanDeadline.none());
    }

    /** As {@link #read(InputStream, Consumer)}, stopping before the next entry once {@code deadline} has passed. */
    public ArchiveSummary read(InputStream upload, Consumer<SourceFile> sink, ScanDeadline deadline)
            throws IOException {
        return new ArchivePass(limits, sink, deadline).run(Objects.requireNonNull(upload, "upload"));
    }

    /** A byte count for people: {@code 512 MiB}, {@code 1.5 KiB}, {@code 12 bytes}. */
    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        String number = value == Math.rint(value)
                ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
        return number + " " + units[unit];
    }
}
