package dev.vigil.server.scan;

import dev.vigil.server.scan.ArchiveStreams.Inflated;
import dev.vigil.server.scan.ArchiveStreams.LimitReached;
import dev.vigil.server.scan.ArchiveStreams.Source;
import dev.vigil.server.scan.EntryPaths.EntryName;
import dev.vigil.server.scan.EntryPaths.Relative;
import dev.vigil.server.scan.EntryPaths.Unsafe;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.function.Consumer;

import static dev.vigil.server.scan.ArchiveReader.size;
import static dev.vigil.server.scan.ArchiveWarningCode.*;

/** One pass over one archive: the mutable state behind {@link ArchiveReader#read}. */
final class ArchivePass {

    private final ArchiveLimits limits;
    private final Consumer<SourceFile> sink;
    private final ScanDeadline deadline;
    private final WarningLog warnings = new WarningLog();
    private int entries;
    private int filesRead;
    private long bytesRead;

    ArchivePass(ArchiveLimits limits, Consumer<SourceFile> sink, ScanDeadline deadline) {
        this.limits = limits;
        this.sink = sink;
        this.deadline = deadline;
    }

    ArchiveSummary run(InputStream upload) throws IOException {
        Source source = new Source(upload);
        InputStream buffered = new BufferedInputStream(source, ArchiveReader.BUFFER_SIZE);
        Inflated inflated = null;
        boolean complete = false;
        try {
            if (isGzip(buffered)) {
                inflated = new Inflated(gunzip(buffered), source, limits);
                readEntries(inflated);
                complete = true;
            }
        } catch (IOException e) {
            if (source.failure() == null) {
                stopped(e, inflated);
            }
        }
        if (source.failure() != null) {
            throw (IOException) source.failure().getCause();
        }
        if (complete && inflated != null && inflated.stop() != null) {
            stopped(inflated.stop(), inflated);
            complete = false;
        }
        long uncompressed = inflated == null ? 0 : inflated.count();
        return new ArchiveSummary(filesRead, bytesRead, source.count(), uncompressed, complete, warnings.toList());
    }

    private boolean isGzip(InputStream buffered) throws IOException {
        buffered.mark(2);
        int first = buffered.read();
        int second = buffered.read();
        buffered.reset();
        if (first == 0x1f && second == 0x8b) {
            return true;
        }
        warnings.add(NOT_GZIP, first < 0 ? "The upload is empty: a .tar.gz archive is expected."
                : "The upload is not gzip data: a .tar.gz archive is expected.", null);
        return false;
    }

    private static InputStream gunzip(InputStream buffered) throws IOException {
        try {
            return GzipCompressorInputStream.builder().setInputStream(buffered).setDecompressConcatenated(true).get();
        } catch (RuntimeException e) {
            throw new IOException("malformed gzip header: " + e.getMessage(), e);
        }
    }

    private void readEntries(Inflated inflated) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(inflated, "UTF-8")) {
            for (TarArchiveEntry entry = next(tar, inflated); entry != null; entry = next(tar, inflated)) {
                if (++entries > limits.maxEntries()) {
                    throw new LimitReached(TOO_MANY_ENTRIES, "more than " + limits.maxEntries() + " entries");
                }
                if (deadline.passed()) {
                    throw new LimitReached(SCAN_TIME_LIMIT, "the scan ran past its time limit of "
                            + deadline.budget());
                }
                take(tar, entry);
            }
        }
    }

    /** Skips what is left of the current entry, then reads the next header within the header budget. */
    private static TarArchiveEntry next(TarArchiveInputStream tar, Inflated inflated) throws IOException {
        try {
            if (tar.getCurrentEntry() != null) {
                tar.skip(Long.MAX_VALUE);
            }
            inflated.beginHeader();
            TarArchiveEntry entry = tar.getNextEntry();
            inflated.endHeader();
            return entry;
        } catch (RuntimeException e) {
            throw new IOException("malformed tar header: " + e.getMessage(), e);
        }
    }

    private void take(TarArchiveInputStream tar, TarArchiveEntry entry) throws IOException {
        EntryName name = EntryPaths.normalise(entry.getName());
        if (name instanceof Unsafe(String reason)) {
            warnings.add(UNSAFE_PATH, "Entry skipped: " + reason + ".", EntryPaths.printable(entry.getName()));
        }
        if (!(name instanceof Relative(String path)) || entry.isDirectory() || EntryPaths.isExcluded(path)) {
            return;
        }
        if (entry.isSymbolicLink() || entry.isLink()) {
            warnings.add(LINK_SKIPPED, (entry.isSymbolicLink() ? "Symbolic" : "Hard") + " link to "
                    + EntryPaths.printable(entry.getLinkName()) + " skipped, not followed.", path);
        } else if (entry.isSparse()) {
            warnings.add(SPARSE_FILE_SKIPPED, "Sparse file skipped: its holes would expand to "
                    + size(entry.getRealSize()) + " that no limit counts.", path);
        } else if (!isRegularFile(entry)) {
            warnings.add(SPECIAL_FILE_SKIPPED, describeSpecial(entry) + " skipped.", path);
        } else if (entry.getRealSize() > limits.maxFileBytes()) {
            warnings.add(FILE_TOO_LARGE, "File of " + size(entry.getRealSize()) + " skipped: the limit is "
                    + size(limits.maxFileBytes()) + " per file.", path);
        } else {
            byte[] content = readContent(tar, entry);
            filesRead++;
            bytesRead += content.length;
            sink.accept(new SourceFile(path, content));
        }
    }

    private static boolean isRegularFile(TarArchiveEntry entry) {
        byte flag = entry.getLinkFlag();
        return flag == 0 || flag == '0' || flag == '7';
    }

    private static String describeSpecial(TarArchiveEntry entry) {
        if (entry.isCharacterDevice()) {
            return "Character device";
        }
        if (entry.isBlockDevice()) {
            return "Block device";
        }
        return entry.isFIFO() ? "FIFO" : "Entry of unsupported type '" + (char) entry.getLinkFlag() + "'";
    }

    private static byte[] readContent(TarArchiveInputStream tar, TarArchiveEntry entry) throws IOException {
        if (entry.getRealSize() < 0) {
            throw new IOException("negative size in the header of " + EntryPaths.printable(entry.getName()));
        }
        byte[] content = new byte[(int) entry.getRealSize()];
        try {
            for (int offset = 0; offset < content.length; ) {
                int n = tar.read(content, offset, content.length - offset);
                if (n < 0) {
                    throw new EOFException("Truncated TAR archive: " + EntryPaths.printable(entry.getName()));
                }
                offset += n;
            }
        } catch (RuntimeException e) {
            throw new IOException("malformed tar data: " + e.getMessage(), e);
        }
        return content;
    }

    private void stopped(IOException e, Inflated inflated) {
        LimitReached limit = inflated != null && inflated.stop() != null
                ? inflated.stop() : find(e, LimitReached.class);
        String detail = e.getMessage() == null
                ? "" : ": " + EntryPaths.printable(e.getMessage()).replaceAll("\\.+$", "");
        if (limit != null) {
            String why = limit.code == SCAN_TIME_LIMIT ? limit.getMessage() : "the archive has " + limit.getMessage();
            warnings.add(limit.code, "Scanning stopped after " + files() + ": " + why
                    + ". The rest of the archive was not read.", null);
        } else if (find(e, EOFException.class) != null || detail.toLowerCase(Locale.ROOT).contains("truncated")) {
            warnings.add(ARCHIVE_TRUNCATED, "The archive ends early (an incomplete upload?) after " + files() + detail
                    + ". The rest is missing.", null);
        } else {
            warnings.add(ARCHIVE_CORRUPT, "The archive is damaged after " + files() + detail
                    + ". The rest was not read.", null);
        }
    }

    private String files() {
        return filesRead == 1 ? "1 file" : filesRead + " files";
    }

    private static <T extends Throwable> T find(Throwable error, Class<T> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
        }
        return null;
    }
}
