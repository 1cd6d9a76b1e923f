package dev.vigil.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vigil.server.scan.ArchiveLimits;
import dev.vigil.server.scan.ArchiveReader;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;

/**
 * The archive reader over hostile uploads. Its contract: an IOException only when the stream itself fails,
 * which a byte array never does, so any throwable fails the input; and the limits hold: no more file
 * content reaches the engines than the total allows (small limits here, so that a bypass shows at once).
 */
class ArchiveFuzzTest {

    private static final ArchiveReader READER = new ArchiveReader(ArchiveLimits.defaults()
            .withMaxTotalBytes(ArchiveLimits.MIB).withMaxFileBytes((int) (ArchiveLimits.MIB / 4)));

    /** Raw uploads: gzip headers, trailers and deflate streams as an attacker sends them. */
    @FuzzTest
    void gzipUpload(byte[] input) {
        read(input);
    }

    /** Tar structure: the input is a tar stream (headers, PAX and GNU extensions, sparse maps), gzipped here. */
    @FuzzTest
    void tarEntries(byte[] input) {
        read(gzip(input));
    }

    private static void read(byte[] upload) {
        Fuzzing.withinTime(upload.length, () -> {
            long[] content = {0};
            READER.read(new ByteArrayInputStream(upload), file -> content[0] += file.size());
            if (content[0] > READER.limits().maxTotalBytes()) {
                throw new AssertionError("files of " + content[0] + " bytes passed the limit");
            }
        });
    }

    private static byte[] gzip(byte[] input) {
        var out = new ByteArrayOutputStream(input.length / 2 + 64);
        try (var gzip = new GZIPOutputStream(out)) {
            gzip.write(input);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
