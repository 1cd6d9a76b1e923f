package dev.vigil.server.scan;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterInputStream;

/**
 * A gzip bomb made on the fly: a tar of zero-filled files, compressed while it is read, never held in memory or
 * written to disk. The gzip data is complete and valid if read to its end.
 */
final class ZeroBomb {

    private static final byte[] GZIP_HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    private ZeroBomb() {
    }

    /**
     * Compressed at {@code level}: 9 gives the ratio a real bomb has (about 1,000 to 1); 1 (about 230 to 1) is
     * generated four times faster.
     */
    static InputStream gzipTarOfZeros(int files, long fileSize, int level) {
        CRC32 crc = new CRC32();
        long[] size = new long[1];
        InputStream tar = new FilterInputStream(new CheckedInputStream(new ZeroTar(files, fileSize), crc)) {
            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                size[0] += Math.max(n, 0);
                return n;
            }
        };
        InputStream deflated = new DeflaterInputStream(tar, new Deflater(level, true), 1 << 16);
        Enumeration<InputStream> parts = new Enumeration<>() {
            private int next;

            @Override
            public boolean hasMoreElements() {
                return next < 3;
            }

            @Override
            public InputStream nextElement() {
                return switch (next++) {
                    case 0 -> new ByteArrayInputStream(GZIP_HEADER);
                    case 1 -> deflated;
                    default -> new ByteArrayInputStream(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                            .putInt((int) crc.getValue()).putInt((int) size[0]).array());
                };
            }
        };
        return new SequenceInputStream(parts);
    }

    /** An uncompressed tar of {@code files} zero-filled files, generated as it is read. */
    private static final class ZeroTar extends InputStream {
        private final int files;
        private final long fileSize;
        private int nextFile;
        private byte[] header = new byte[0];
        private int headerOffset;
        private long zeros;
        private boolean ended;

        ZeroTar(int files, long fileSize) {
            this.files = files;
            this.fileSize = fileSize;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            while (true) {
                if (headerOffset < header.length) {
                    int n = Math.min(length, header.length - headerOffset);
                    System.arraycopy(header, headerOffset, buffer, offset, n);
                    headerOffset += n;
                    return n;
                }
                if (zeros > 0) {
                    int n = (int) Math.min(length, zeros);
                    Arrays.fill(buffer, offset, offset + n, (byte) 0);
                    zeros -= n;
                    return n;
                }
                if (nextFile < files) {
                    header = header(nextFile++);
                    headerOffset = 0;
                    zeros = (fileSize + 511) / 512 * 512;
                } else if (!ended) {
                    ended = true;
                    zeros = 1024;
                } else {
                    return -1;
                }
            }
        }

        private byte[] header(int index) {
            TarArchiveEntry entry = new TarArchiveEntry("zeros/file-" + index + ".txt");
            entry.setSize(fileSize);
            byte[] record = new byte[512];
            entry.writeEntryHeader(record);
            return record;
        }
    }
}
