package dev.vigil.server.scan;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** The two metered layers of an archive pass: the upload (compressed) and the decompressed tar stream. */
final class ArchiveStreams {

    /** Most bytes of tar headers (long names, PAX records, padding) read for one entry. */
    static final long MAX_HEADER_BYTES = 1L << 20;

    private ArchiveStreams() {
    }

    /** Why a pass stopped early on purpose: a limit, told apart from bad content by its type. */
    static final class LimitReached extends IOException {
        final ArchiveWarningCode code;

        LimitReached(ArchiveWarningCode code, String message) {
            super(message);
            this.code = code;
        }
    }

    /** A failure of the upload's own stream (a database error, say), told apart from bad content. */
    static final class SourceFailure extends IOException {
        SourceFailure(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** The upload: counts its bytes, tags its failures, and leaves closing it to its owner. */
    static final class Source extends FilterInputStream {
        private long count;
        private SourceFailure failure;

        Source(InputStream upload) {
            super(upload);
        }

        long count() {
            return count;
        }

        /** The first failure of the upload's stream, even if a library swallowed it. */
        SourceFailure failure() {
            return failure;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                int n = in.read(buffer, offset, length);
                count += Math.max(n, 0);
                return n;
            } catch (IOException e) {
                failure = new SourceFailure(e);
                throw failure;
            }
        }

        @Override
        public long skip(long n) throws IOException {
            return read(new byte[(int) Math.min(n, 8192)], 0, (int) Math.min(n, 8192));
        }

        @Override
        public int available() {
            return 0;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        @Override
        public void close() {
            // the owner of the upload closes it
        }
    }

    /** The decompressed stream: counts its bytes and stops at the total, ratio and header limits. */
    static final class Inflated extends FilterInputStream {
        private final Source compressed;
        private final ArchiveLimits limits;
        private long count;
        private long headerStart = -1;
        private byte[] skipBuffer;
        private LimitReached stop;

        Inflated(InputStream decompressed, Source compressed, ArchiveLimits limits) {
            super(decompressed);
            this.compressed = compressed;
            this.limits = limits;
        }

        long count() {
            return count;
        }

        /** The limit that stopped the pass, even if a library swallowed the exception. */
        LimitReached stop() {
            return stop;
        }

        /** From now until {@link #endHeader()}, at most {@link #MAX_HEADER_BYTES} may be read. */
        void beginHeader() {
            headerStart = count;
        }

        void endHeader() {
            headerStart = -1;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            long remaining = limits.maxTotalBytes() - count;
            if (remaining <= 0) {
                if (in.read() < 0) {
                    return -1;
                }
                throw stopWith(ArchiveWarningCode.ARCHIVE_TOO_LARGE, "more than "
                        + ArchiveReader.size(limits.maxTotalBytes()) + " uncompressed");
            }
            int n = in.read(buffer, offset, (int) Math.min(length, remaining));
            if (n > 0) {
                count += n;
                check();
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            if (skipBuffer == null) {
                skipBuffer = new byte[ArchiveReader.BUFFER_SIZE];
            }
            int read = read(skipBuffer, 0, (int) Math.min(n, skipBuffer.length));
            return Math.max(read, 0);
        }

        private void check() throws LimitReached {
            if (headerStart >= 0 && count - headerStart > MAX_HEADER_BYTES) {
                throw stopWith(ArchiveWarningCode.ARCHIVE_CORRUPT, "an entry header (a long name or PAX record)"
                        + " larger than " + ArchiveReader.size(MAX_HEADER_BYTES));
            }
            if (count > limits.ratioCheckAfterBytes() && count > limits.maxCompressionRatio() * compressed.count()) {
                throw stopWith(ArchiveWarningCode.COMPRESSION_RATIO, "a compression ratio above "
                        + Math.round(limits.maxCompressionRatio()) + " (" + ArchiveReader.size(count) + " from "
                        + ArchiveReader.size(compressed.count()) + "; a compression bomb?)");
            }
        }

        private LimitReached stopWith(ArchiveWarningCode code, String message) {
            stop = new LimitReached(code, message);
            return stop;
        }
    }
}
