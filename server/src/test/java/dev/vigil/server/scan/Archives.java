package dev.vigil.server.scan;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Test archives built in memory, hostile ones included. */
final class Archives {

    interface TarWriter {
        void write(TarArchiveOutputStream tar) throws IOException;
    }

    /** What a pass handed over, with its summary. */
    record Pass(ArchiveSummary summary, List<SourceFile> files) {
        List<String> paths() {
            return files.stream().map(SourceFile::path).toList();
        }

        List<String> warningCodes() {
            return summary.warnings().stream().map(w -> w.code()).toList();
        }
    }

    private Archives() {
    }

    static Pass read(ArchiveReader reader, byte[] upload) {
        try {
            List<SourceFile> files = new ArrayList<>();
            ArchiveSummary summary = reader.read(new ByteArrayInputStream(upload), files::add);
            return new Pass(summary, files);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] tarGz(TarWriter writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes), "UTF-8")) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            tar.setAddPaxHeadersForNonAsciiNames(true);
            writer.write(tar);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static void file(TarArchiveOutputStream tar, String name, String content) throws IOException {
        file(tar, name, content.getBytes(StandardCharsets.UTF_8));
    }

    static void file(TarArchiveOutputStream tar, String name, byte[] content) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name, true);
        entry.setSize(content.length);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    /** A link or special entry of the given tar type flag, without content. */
    static void entry(TarArchiveOutputStream tar, String name, byte flag, String linkName) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name, flag, true);
        if (linkName != null) {
            entry.setLinkName(linkName);
        }
        tar.putArchiveEntry(entry);
        tar.closeArchiveEntry();
    }

    static byte[] gzip(byte[] data) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GzipCompressorOutputStream gzip = new GzipCompressorOutputStream(bytes)) {
            gzip.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static byte[] random(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
