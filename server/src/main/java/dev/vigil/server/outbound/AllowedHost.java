package dev.vigil.server.outbound;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.OptionalInt;

/** An operator's {@code host} or {@code host:port} entry of {@code VIGIL_OUTBOUND_ALLOW}. */
record AllowedHost(String host, OptionalInt port) {

    static AllowedHost parse(String entry) {
        String text = entry.strip();
        URI uri;
        try {
            uri = new URI("http://" + text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a host or host:port: " + text);
        }
        if (uri.getHost() == null || uri.getRawUserInfo() != null || !uri.getRawPath().isEmpty()
                || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("not a host or host:port: " + text);
        }
        return new AllowedHost(normalised(uri.getHost()), uri.getPort() < 0 ? OptionalInt.empty()
                : OptionalInt.of(uri.getPort()));
    }

    /** Lower case, without the brackets of an IPv6 literal. */
    static String normalised(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return bare.toLowerCase(Locale.ROOT);
    }

    /** Whether this entry covers {@code otherHost} on {@code otherPort} ({@code -1}: only an entry without a port). */
    boolean covers(String otherHost, int otherPort) {
        return host.equals(normalised(otherHost)) && (port.isEmpty() || port.getAsInt() == otherPort);
    }
}
