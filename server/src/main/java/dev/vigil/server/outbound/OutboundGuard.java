package dev.vigil.server.outbound;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.auth.AuthSchemeFactory;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultRedirectStrategy;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.Timeout;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one gate of every outbound HTTP call of the server (pull-request comments, advisory downloads): https
 * only, and never to a host that resolves to an internal address ({@link InternalAddresses}), unless the
 * operator allowed the host ({@code VIGIL_OUTBOUND_ALLOW}, {@code --outbound-allow}: {@code host} or
 * {@code host:port}, comma-separated), which may then be internal and plain http.
 *
 * <p>Why Apache HttpClient and its {@link DnsResolver}: a check of the name before the call does not hold
 * against DNS rebinding (the name may resolve to another address when the client connects), and
 * {@code java.net.http.HttpClient} resolves by itself with no way to pin the address it connects to. Apache's
 * connection operator connects to exactly the addresses the resolver returns and still verifies TLS against
 * the host name, so the check made in {@link #addresses} is made on the address actually connected.
 */
public final class OutboundGuard {

    /** The environment variable with the operator's allowed hosts. */
    public static final String ENVIRONMENT = "VIGIL_OUTBOUND_ALLOW";

    /** A reply's head is bounded too: no endless header. */
    private static final int MAX_HEADER_LINE = 16 * 1024;
    private static final int MAX_HEADERS = 200;

    private final List<AllowedHost> allowed;

    private OutboundGuard(List<AllowedHost> allowed) {
        this.allowed = List.copyOf(allowed);
    }

    /** Only public https hosts. */
    public static OutboundGuard strict() {
        return new OutboundGuard(List.of());
    }

    /** Public https hosts and these ({@code host} or {@code host:port}, comma-separated; blank for none). */
    public static OutboundGuard allowing(String list) {
        return new OutboundGuard(Arrays.stream(list.split(",")).filter(e -> !e.isBlank()).map(AllowedHost::parse)
                .toList());
    }

    /** This guard, also allowing {@code list}. */
    public OutboundGuard alsoAllowing(String list) {
        return new OutboundGuard(Stream.concat(allowed.stream(), allowing(list).allowed.stream())
                .toList());
    }

    /**
     * {@code uri} if it may be called now: its rules ({@link #refusal}) and the addresses its host resolves
     * to. A host that does not resolve is an {@link UnknownHostException}, a refused one a
     * {@link RefusedDestination}.
     */
    public URI check(URI uri) throws UnknownHostException {
        Optional<String> refusal = refusal(uri);
        if (refusal.isPresent()) {
            throw new RefusedDestination(refusal.get());
        }
        addresses(uri.getHost(), port(uri));
        return uri;
    }

    /** Why {@code uri} may not be called, from its scheme, host and port alone (no DNS). */
    public Optional<String> refusal(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || uri.getRawUserInfo() != null) {
            return Optional.of("must name a host, without credentials");
        }
        boolean operatorAllowed = allows(uri.getHost(), port(uri));
        if (!scheme.equals("https") && !(scheme.equals("http") && operatorAllowed)) {
            return Optional.of("must use https (plain http only to a host the operator allowed)");
        }
        return Optional.empty();
    }

    /** The addresses to connect to for {@code host}; refused when one is internal and the host not allowed. */
    InetAddress[] addresses(String host, int port) throws UnknownHostException {
        String bare = AllowedHost.normalised(host);
        InetAddress[] addresses = InetAddress.getAllByName(bare);
        if (allows(bare, port)) {
            return addresses;
        }
        for (InetAddress address : addresses) {
            Optional<String> kind = InternalAddresses.kind(address);
            if (kind.isPresent()) {
                throw new RefusedDestination("the host " + bare + " resolves to a " + kind.get()
                        + " address, which the server does not call unless the operator allows the host");
            }
        }
        return addresses;
    }

    private boolean allows(String host, int port) {
        return allowed.stream().anyMatch(a -> a.covers(host, port));
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "http".equalsIgnoreCase(uri.getScheme()) ? 80 : 443;
    }

    /**
     * An HTTP client whose every connection, redirects included, passes this guard. {@code timeout} bounds
     * connecting and each read; {@code redirects} is how many redirects a call follows (0: none).
     */
    public CloseableHttpClient client(Duration timeout, int redirects) {
        Timeout bound = Timeout.of(timeout);
        var connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setDnsResolver(new GuardedResolver())
                .setConnectionFactory(ManagedHttpClientConnectionFactory.builder().http1Config(Http1Config.custom()
                        .setMaxLineLength(MAX_HEADER_LINE).setMaxHeaderCount(MAX_HEADERS).build()).build())
                .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(bound).setSocketTimeout(bound)
                        .build())
                .build();
        return HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(bound)
                        .setConnectionRequestTimeout(bound).setRedirectsEnabled(redirects > 0)
                        .setMaxRedirects(redirects).build())
                .setRedirectStrategy(new GuardedRedirects())
                // callers send their own credentials; a provider's challenge is answered by no scheme
                .setDefaultAuthSchemeRegistry(RegistryBuilder.<AuthSchemeFactory>create().build())
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .build();
    }

    @Override
    public String toString() {
        return "OutboundGuard" + allowed;
    }

    /** Resolves at connection time and refuses there: the check holds on the address connected. */
    private final class GuardedResolver implements DnsResolver {

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            return addresses(host, -1);
        }

        @Override
        public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
            return Arrays.stream(addresses(host, port)).map(a -> new InetSocketAddress(a, port)).toList();
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            return host;
        }
    }

    /** A redirect is followed only to a location this guard's rules allow; its host is checked when connecting. */
    private final class GuardedRedirects extends DefaultRedirectStrategy {

        @Override
        public boolean isRedirected(HttpRequest request, HttpResponse response, HttpContext context)
                throws ProtocolException {
            if (!super.isRedirected(request, response, context)) {
                return false;
            }
            try {
                return refusal(getLocationURI(request, response, context)).isEmpty();
            } catch (HttpException e) {
                return false;
            }
        }
    }
}
