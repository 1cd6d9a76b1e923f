package dev.vigil.server.hostile;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vigil.client.RawResponse;
import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.client.VigilClient;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.Role;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScmProvider;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.outbound.RefusedDestination;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.store.ScmRepository;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.vigil.server.testing.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The server's outbound calls misused through the SCM integration: an {@code api_url} on an internal address
 * or over plain http, a token sent to a new destination without being given again, a provider's text echoed
 * and its reply read without a bound. The operator allows the stand-in provider on loopback
 * ({@code VIGIL_OUTBOUND_ALLOW}); a second loopback port, not allowed, counts every connection it is offered.
 */
@VigilServerTest
class OutboundTest {

    private static final String TOKEN = "ghp_outboundTestToken0123456789abcdefAB";
    private static final String PROVIDER_TEXT = "provider-text-" + UUID.randomUUID();

    private static HttpServer provider;
    private static ServerSocket refused;
    private static final AtomicInteger REFUSED_CONNECTIONS = new AtomicInteger();
    private static TestServer server;
    private static TestServer.Tenant tenant;

    /** The stand-in provider and the refused port start first: the server is told to allow the provider. */
    @SetUpServer
    static ServerSettings settings(ServerSettings s) throws IOException {
        provider = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        provider.createContext("/", OutboundTest::answer);
        provider.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        provider.start();
        refused = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(OutboundTest::countConnections);
        String allowed = "127.0.0.1:" + provider.getAddress().getPort();
        return s.withOutbound(OutboundGuard.allowing(allowed))
                .withPrComments(s.prComments().withBackoff(List.of(Duration.ofMillis(100)), 2, Duration.ofMillis(50)));
    }

    @AfterAll
    static void stop() throws IOException {
        provider.stop(0);
        refused.close();
    }

    /** Repository {@code acme/locked}: 401 with the provider's text; {@code acme/huge}: 16 MiB of JSON. */
    private static void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (path.startsWith("/repos/acme/huge/")) {
                exchange.sendResponseHeaders(200, 0);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write('[');
                    byte[] comment = ("{\"id\":1,\"body\":\"" + "x".repeat(1 << 16) + "\"},")
                            .getBytes(StandardCharsets.US_ASCII);
                    for (int i = 0; i < 256; i++) {
                        out.write(comment);
                    }
                    out.write("{}]".getBytes(StandardCharsets.US_ASCII));
                }
                return;
            }
            byte[] body = ("{\"message\":\"" + PROVIDER_TEXT + "\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(401, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    private static void countConnections() {
        while (!refused.isClosed()) {
            try (Socket ignored = refused.accept()) {
                REFUSED_CONNECTIONS.incrementAndGet();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static Project project() {
        return tenant.owner().createProject(new NewProject("out-" + UUID.randomUUID(), "main"));
    }

    private static RawResponse putScm(VigilClient client, Project project, String apiUrl, String repository,
                                      String token) {
        String body = "{\"provider\":\"github\",\"api_url\":\"" + apiUrl + "\",\"repository\":\"" + repository + "\""
                + (token == null ? "" : ",\"token\":\"" + token + "\"") + "}";
        return client.send("PUT", "/v1/projects/" + project.id() + "/scm", Map.of("Content-Type", "application/json"),
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static ScanDetail commentedScan(Project project) throws InterruptedException {
        ScanSubmission submission = ScanSubmission.of(ScanArchive.of(Archives.tarGz(Map.of("a.txt", "nothing\n"))),
                project.id(), "feature", "b".repeat(40), ScanType.SECRETS).withPrId(3);
        UUID id = tenant.owner().awaitScan(tenant.owner().submitScan(submission).id(), Duration.ofSeconds(60)).id();
        return eventually(() -> tenant.owner().getScan(id), s -> !s.prComment().status().equals("pending"),
                "the comment is delivered or given up");
    }

    @Test
    void shouldRefuseAnApiUrlOnAnInternalAddress() {
        int port = refused.getLocalPort();
        for (String apiUrl : List.of("https://127.0.0.1:" + port, "https://localhost:" + port,
                "https://169.254.169.254/latest", "https://10.1.2.3", "https://172.20.0.1", "https://192.168.1.1",
                "https://100.64.0.1", "https://[::1]:" + port, "https://[::ffff:127.0.0.1]:" + port,
                "https://[fd00::1]",
                "https://[fe80::1]", "https://224.0.0.1", "https://0.0.0.0:" + port, "https://[::]:" + port,
                "https://2130706433:" + port, "https://127.1:" + port, "https://[::127.0.0.1]:" + port,
                "https://[64:ff9b::a9fe:a9fe]", "https://[2002:7f00:1::]:" + port)) {
            RawResponse response = putScm(tenant.owner(), project(), apiUrl, "acme/shop", TOKEN);

            assertThat(response.status()).as(apiUrl).isEqualTo(400);
            assertThat(response.error().error()).as(apiUrl).isEqualTo("VALIDATION_FAILED");
            assertThat(response.error().message()).as(apiUrl).contains("api_url").containsAnyOf("address", "host");
            assertThat(response.header("X-Request-ID")).as(apiUrl).isPresent();
        }
        assertThat(REFUSED_CONNECTIONS).hasValue(0);
    }

    @Test
    void shouldRefuseAnApiUrlOverPlainHttp() {
        RawResponse response = putScm(tenant.owner(), project(), "http://api.github.com", "acme/shop", TOKEN);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error().message()).contains("api_url").contains("https");
    }

    @Test
    void shouldSendNoRequestToAStoredApiUrlOnAnInternalAddress() throws Exception {
        Project project = project();
        String internal = "https://127.0.0.1:" + refused.getLocalPort();
        TokenCipher cipher = TokenCipher.load(Optional.empty(), server.dataDir());
        server.server().database().run(c -> new ScmRepository().save(c, new ScmRepository.StoredScm(project.id(),
                ScmProvider.GITHUB, internal, "acme/shop", cipher.seal(project.id(), TOKEN)),
                System.currentTimeMillis()));

        ScanDetail scan = commentedScan(project);

        assertThat(scan.prComment().status()).isEqualTo("failed");
        assertThat(scan.prComment().error()).contains("not called").contains("loopback");
        assertThat(REFUSED_CONNECTIONS).hasValue(0);
    }

    @Test
    void shouldCheckTheAddressAtConnectionTime() throws Exception {
        try (var client = OutboundGuard.strict().client(Duration.ofSeconds(5), 0)) {

            assertThatThrownBy(() -> client.execute(new HttpGet("https://localhost:" + refused.getLocalPort() + "/"),
                    response -> response.getCode()))
                    .isInstanceOf(RefusedDestination.class).hasMessageContaining("loopback");
        }
        assertThat(REFUSED_CONNECTIONS).hasValue(0);
    }

    @Test
    void shouldRequireTheTokenAgainWhenTheDestinationChanges() {
        Project project = project();
        String apiUrl = "http://127.0.0.1:" + provider.getAddress().getPort();
        assertThat(putScm(tenant.owner(), project, apiUrl, "acme/shop", TOKEN).status()).isEqualTo(200);
        VigilClient admin = tenant.userWith(Role.ADMIN);

        RawResponse moved = putScm(admin, project, "https://api.github.com", "acme/shop", null);
        RawResponse renamed = putScm(admin, project, apiUrl, "attacker/shop", null);

        assertThat(moved.status()).isEqualTo(400);
        assertThat(moved.error().message()).contains("token");
        assertThat(renamed.status()).isEqualTo(400);
        assertThat(putScm(admin, project, apiUrl, "acme/shop", null).status()).isEqualTo(200);
    }

    @Test
    void shouldNotEchoTheProvidersTextIntoTheCommentError() throws Exception {
        Project project = project();
        putScm(tenant.owner(), project, "http://127.0.0.1:" + provider.getAddress().getPort(), "acme/locked", TOKEN);

        ScanDetail scan = commentedScan(project);

        assertThat(scan.prComment().status()).isEqualTo("failed");
        assertThat(scan.prComment().error()).contains("401").doesNotContain(PROVIDER_TEXT);
    }

    @Test
    void shouldStopReadingAReplyPastTheCap() throws Exception {
        Project project = project();
        putScm(tenant.owner(), project, "http://127.0.0.1:" + provider.getAddress().getPort(), "acme/huge", TOKEN);

        ScanDetail scan = commentedScan(project);

        assertThat(scan.prComment().status()).isEqualTo("failed");
        assertThat(scan.prComment().error()).contains("more than 8388608 bytes");
    }
}
