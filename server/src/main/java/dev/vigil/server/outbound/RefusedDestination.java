package dev.vigil.server.outbound;

import java.net.UnknownHostException;

/**
 * An outbound call the {@link OutboundGuard} refused before a byte was sent. It is an
 * {@link UnknownHostException} because the HTTP client's resolver may only throw that: to the caller the
 * host is not one it may reach.
 */
public final class RefusedDestination extends UnknownHostException {

    public RefusedDestination(String message) {
        super(message);
    }
}
