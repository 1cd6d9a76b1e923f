package dev.vigil.server.bench;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A real source tree: the sources of the running JDK ({@code $JAVA_HOME/lib/src.zip}) repacked as a
 * {@code .tar.gz} in the zip's order, each file through {@code hook}, until the archive reaches the target
 * size or the sources run out.
 */
final class JdkSourceTree {

    private JdkSourceTree() {
    }

    static Path zip() {
        return Path.of(System.getProperty("java.home"), "lib", "src.zip");
    }

    static byte[] archive(long targetCompressedBytes, ArchiveBench.FileHook hook) throws IOException {
        if (!Files.isRegularFile(zip())) {
            throw new IllegalStateException("this JDK has no " + zip() + ": use -Dbench.scan.tree=generated");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) (targetCompressedBytes + (1 << 20)));
        try (ZipFile zip = new ZipFile(zip().toFile());
             TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes), "UTF-8")) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            Enumeration<? extends ZipEntry> entries = zip.entries();
            for (int i = 0; entries.hasMoreElements() && bytes.size() < targetCompressedBytes; ) {
                ZipEntry entry = entries.nextElement();
                if (!entry.isDirectory()) {
                    add(tar, entry.getName(), hook.apply(i++, entry.getName(), read(zip, entry)));
                }
            }
        }
        return bytes.toByteArray();
    }

    private static String read(ZipFile zip, ZipEntry entry) throws IOException {
        try (InputStream in = zip.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void add(TarArchiveOutputStream tar, String path, String text) throws IOException {
        byte[] content = text.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry entry = new TarArchiveEntry(path);
        entry.setSize(content.length);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
    }
}
