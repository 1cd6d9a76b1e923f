package dev.vigil.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** A minimal tar writer: ustar headers, PAX headers for long names, regular files only. */
final class TarWriter {
    private static final int BLOCK = 512;
    private final OutputStream out;

    TarWriter(OutputStream out) {
        this.out = out;
    }

    void add(String name, Path file, long size, boolean executable) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        if (nameBytes.length > 100) {
            byte[] pax = paxRecord("path", name);
            out.write(header("PaxHeaders/" + Math.abs(name.hashCode()), pax.length, 0644, (byte) 'x'));
            out.write(pax);
            pad(pax.length);
        }
        out.write(header(name, size, executable ? 0755 : 0644, (byte) '0'));
        long written = 0;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            int n;
            while (written < size && (n = in.read(buffer, 0, (int) Math.min(buffer.length, size - written))) > 0) {
                out.write(buffer, 0, n);
                written += n;
            }
        }
        while (written < size) {
            int n = (int) Math.min(BLOCK, size - written);
            out.write(new byte[n]);
            written += n;
        }
        pad(size);
    }

    void finish() throws IOException {
        out.write(new byte[BLOCK * 2]);
    }

    private void pad(long size) throws IOException {
        int rest = (int) (size % BLOCK);
        if (rest != 0) {
            out.write(new byte[BLOCK - rest]);
        }
    }

    private static byte[] paxRecord(String key, String value) {
        byte[] body = (" " + key + "=" + value + "\n").getBytes(StandardCharsets.UTF_8);
        int length = body.length + 1;
        while (Integer.toString(length).length() + body.length != length) {
            length = Integer.toString(length).length() + body.length;
        }
        byte[] prefix = Integer.toString(length).getBytes(StandardCharsets.US_ASCII);
        byte[] record = new byte[length];
        System.arraycopy(prefix, 0, record, 0, prefix.length);
        System.arraycopy(body, 0, record, prefix.length, body.length);
        return record;
    }

    private static byte[] header(String name, long size, int mode, byte type) {
        byte[] h = new byte[BLOCK];
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(nameBytes, 0, h, 0, Math.min(100, nameBytes.length));
        octal(h, 100, 8, mode);
        octal(h, 108, 8, 0);
        octal(h, 116, 8, 0);
        octal(h, 124, 12, size);
        octal(h, 136, 12, 0);
        h[156] = type;
        System.arraycopy("ustar\0".getBytes(StandardCharsets.US_ASCII), 0, h, 257, 6);
        h[263] = '0';
        h[264] = '0';
        Arrays.fill(h, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        octal(h, 148, 7, sum);
        return h;
    }

    private static void octal(byte[] h, int offset, int length, long value) {
        String text = Long.toOctalString(value);
        if (text.length() > length - 1) {
            throw new IllegalArgumentException("a file is too large for a tar header");
        }
        String padded = "0".repeat(length - 1 - text.length()) + text;
        System.arraycopy(padded.getBytes(StandardCharsets.US_ASCII), 0, h, offset, length - 1);
        h[offset + length - 1] = 0;
    }
}
