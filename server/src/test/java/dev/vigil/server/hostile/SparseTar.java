package dev.vigil.server.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

/**
 * Writes tar entries byte by byte, as GNU tar does with {@code --sparse}: old-GNU ({@code S}) and PAX 1.0
 * sparse files whose single data block sits at the end of a long hole, and plain files.
 */
final class SparseTar {

    private static final int BLOCK = 512;

    private final ByteArrayOutputStream tar = new ByteArrayOutputStream();

    /** An old-GNU sparse entry: typeflag {@code S}, the map in the header, {@code data} at the end of the hole. */
    SparseTar oldGnu(String name, long realSize, String data) {
        byte[] header = header(name, BLOCK, 'S', "ustar  \0");
        octal(header, 386, 12, realSize - BLOCK);
        octal(header, 398, 12, BLOCK);
        octal(header, 483, 12, realSize);
        write(header);
        write(padded(data.getBytes(StandardCharsets.UTF_8)));
        return this;
    }

    /** A PAX 1.0 sparse entry: GNU.sparse.* records, then a file whose data starts with the map. */
    SparseTar pax(String name, long realSize, String data) {
        String records = record("GNU.sparse.major", "1") + record("GNU.sparse.minor", "0")
                + record("GNU.sparse.name", name) + record("GNU.sparse.realsize", Long.toString(realSize));
        byte[] pax = records.getBytes(StandardCharsets.UTF_8);
        write(header("PaxHeaders/" + name, pax.length, 'x', "ustar\u000000"));
        write(padded(pax));
        String map = "1\n" + (realSize - BLOCK) + "\n" + BLOCK + "\n";
        write(header("GNUSparseFile.0/" + name, 2 * BLOCK, '0', "ustar\u000000"));
        write(padded(map.getBytes(StandardCharsets.UTF_8)));
        write(padded(data.getBytes(StandardCharsets.UTF_8)));
        return this;
    }

    SparseTar file(String name, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        write(header(name, bytes.length, '0', "ustar\u000000"));
        write(padded(bytes));
        return this;
    }

    byte[] tarGz() {
        write(new byte[2 * BLOCK]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            tar.writeTo(gzip);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] header(String name, long size, char type, String magic) {
        byte[] header = new byte[BLOCK];
        ascii(header, 0, name);
        octal(header, 100, 8, 0644);
        octal(header, 108, 8, 0);
        octal(header, 116, 8, 0);
        octal(header, 124, 12, size);
        octal(header, 136, 12, 0);
        header[156] = (byte) type;
        ascii(header, 257, magic);
        Arrays.fill(header, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        ascii(header, 148, String.format("%06o\0 ", sum));
        return header;
    }

    private static String record(String key, String value) {
        String body = " " + key + "=" + value + "\n";
        int length = body.length() + 1;
        while (Integer.toString(length).length() + body.length() != length) {
            length++;
        }
        return length + body;
    }

    private static void octal(byte[] header, int offset, int width, long value) {
        ascii(header, offset, String.format("%0" + (width - 1) + "o", value));
    }

    private static void ascii(byte[] header, int offset, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(bytes, 0, header, offset, bytes.length);
    }

    private static byte[] padded(byte[] data) {
        return Arrays.copyOf(data, (data.length + BLOCK - 1) / BLOCK * BLOCK);
    }

    private void write(byte[] bytes) {
        tar.writeBytes(bytes);
    }
}
