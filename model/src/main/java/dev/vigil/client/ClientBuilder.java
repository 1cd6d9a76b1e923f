package dev.vigil.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/** Options shared by {@link VigilClient} and {@link SystemClient}: request timeout and HTTP client. */
public final class ClientBuilder<C> {

    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final URI baseUri;
    private final String credential;
    private final Function<Transport, C> factory;
    private Duration timeout = DEFAULT_TIMEOUT;
    private HttpClient httpClient;

    ClientBuilder(URI baseUri, String credential, Function<Transport, C> factory) {
        this.baseUri = Objects.requireNonNull(baseUri, "baseUri");
        this.credential = credential;
        this.factory = factory;
    }

    /** How long to wait for an answer's status and headers (default two minutes). */
    public ClientBuilder<C> timeout(Duration value) {
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException("the timeout must be positive: " + value);
        }
        this.timeout = value;
        return this;
    }

    /**
     * Uses this client instead of the default (HTTP/1.1, 10 s connect timeout, no redirects); closing the
     * API client leaves it open.
     */
    public ClientBuilder<C> httpClient(HttpClient value) {
        this.httpClient = Objects.requireNonNull(value, "httpClient");
        return this;
    }

    public C build() {
        if (httpClient != null) {
            return factory.apply(new Transport(baseUri, credential, httpClient, timeout, false));
        }
        return factory.apply(new Transport(baseUri, credential, defaultHttpClient(), timeout, true));
    }

    private static HttpClient defaultHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public String toString() {
        return "ClientBuilder[" + baseUri + ", timeout=" + timeout + "]";
    }
}
