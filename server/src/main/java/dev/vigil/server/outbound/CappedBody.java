package dev.vigil.server.outbound;

import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.http.HttpEntity;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** A reply's body read whole, but never more than a cap. */
public final class CappedBody {

    /** The body went past the cap. */
    public static final class TooLarge extends IOException {

        TooLarge(int cap) {
            super("the reply is larger than " + cap + " bytes");
        }
    }

    private CappedBody() {
    }

    /**
     * The bytes of {@code entity}, or {@link TooLarge} past {@code cap}; then {@code call} is cancelled first,
     * since closing the rest of a body would otherwise read it to its end.
     */
    public static byte[] read(HttpEntity entity, int cap, Cancellable call) throws IOException {
        try (InputStream in = entity.getContent()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (out.size() + n > cap) {
                    call.cancel();
                    throw new TooLarge(cap);
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        }
    }
}
