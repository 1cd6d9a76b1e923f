package dev.vigil.server.api;

import dev.vigil.server.scan.Fingerprints;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The uploaded archive on its way into the database: counted, hashed, and cut off with an
 * {@link TooLarge} error as soon as it passes the cap, without reading the rest.
 */
final class UploadStream extends FilterInputStream {

    /** Thrown through the JDBC driver when the cap is passed; recognised by {@link #exceeded()}. */
    static final class TooLarge extends IOException {
        TooLarge() {
            super("upload larger than the limit");
        }
    }

    private final long cap;
    private final MessageDigest digest = Fingerprints.sha256();
    private long count;
    private boolean exceeded;
    private boolean endedEarly;
    private String sha256;

    UploadStream(InputStream in, long cap) {
        super(in);
        this.cap = cap;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n;
        try {
            n = super.read(buffer, offset, length);
        } catch (RuntimeException e) {
            // the multipart parser's way of saying that the body ended before the part did
            endedEarly = true;
            throw new IOException("the upload ended early", e);
        }
        if (n > 0) {
            count += n;
            if (count > cap) {
                exceeded = true;
                throw new TooLarge();
            }
            digest.update(buffer, offset, n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        throw new IOException("skip is not supported on an upload");
    }

    long count() {
        return count;
    }

    boolean exceeded() {
        return exceeded;
    }

    /** Whether the body ended (or stopped parsing) before the part did: the client's fault. */
    boolean endedEarly() {
        return endedEarly;
    }

    /** The SHA-256 of everything read; call once the stream is consumed. */
    String sha256() {
        if (sha256 == null) {
            sha256 = HexFormat.of().formatHex(digest.digest());
        }
        return sha256;
    }
}
