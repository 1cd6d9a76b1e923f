package dev.vigil.server;

import dev.vigil.model.ScanKind;
import dev.vigil.server.access.KeyOwners;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.BundledSnapshot;
import dev.vigil.server.http.BodyGuard;
import dev.vigil.server.http.ErrorMapping;
import dev.vigil.server.http.MalformedRequests;
import dev.vigil.server.http.RefusedBeforeRouting;
import dev.vigil.server.http.RequestIds;
import dev.vigil.server.http.Routes;
import dev.vigil.server.notify.NotificationChecks;
import dev.vigil.server.notify.WebhookDispatcher;
import dev.vigil.server.ops.Housekeeping;
import dev.vigil.server.ops.OpsService;
import dev.vigil.server.ops.SystemToken;
import dev.vigil.server.pipeline.ScanWorkers;
import dev.vigil.server.pipeline.Scanners;
import dev.vigil.server.pr.PrCommentDispatcher;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SecretDigest;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.SecretFingerprints;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http1.Http1Config;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.Map;
import java.util.UUID;

/**
 * A running Vigil node: the HTTP server, its scan workers and housekeeping over one database. Every node is
 * equal; a {@linkplain Role#WORKER worker} node serves only {@code /health} and {@code /metrics}.
 */
public final class VigilServer implements AutoCloseable {

    /** What a node offers: the whole API ({@code vigil serve}) or only scan work ({@code vigil worker}). */
    public enum Role { API_AND_WORKERS, WORKER }

    private final ServerSettings settings;
    private final Database database;
    private final WebServer web;
    private final ScanWorkers workers;
    private final Housekeeping housekeeping;
    private final PrCommentDispatcher prComments;
    private final WebhookDispatcher webhookDeliveries;
    private final NotificationChecks notificationChecks;
    private final KeyOwners keyOwners;
    private final BodyGuard bodyGuard;
    private final String systemToken;
    private final String nodeId = newNodeId();
    private volatile boolean accepting = true;

    private VigilServer(ServerSettings settings, Role role, Database database, byte[] installationKey,
                        Map<ScanKind, Scanner> scanners) {
        this.settings = settings;
        this.database = database;
        this.systemToken = settings.systemToken().map(SystemToken::configured)
                .orElseGet(() -> SystemToken.loadOrCreate(settings.dataDir()));
        Components components = new Components(settings, database, installationKey, scanners,
                new Components.Node(systemToken, nodeId, () -> accepting));
        this.workers = components.workers;
        this.housekeeping = components.housekeeping;
        this.prComments = components.prComments;
        this.webhookDeliveries = components.webhookDeliveries;
        this.notificationChecks = components.notificationChecks;
        this.keyOwners = components.keyOwners;
        this.bodyGuard = components.bodyGuard;
        this.web = webServer(settings, role == Role.WORKER ? workerRouting(components) : apiRouting(components));
    }

    /** The table of contents of the API: each path and the services that answer under it. */
    static void routing(HttpRules rules, Components.Api api, OpsService ops) {
        rules.register("/v1/scans", api.scans())
                .register("/v1/repo-vulnerabilities/trend", api.trend())
                .register("/v1/repo-vulnerabilities", api.findings())
                .register("/v1/projects", api.projects(), api.pullRequestSettings(), api.vex())
                .register("/v1/decisions", api.decisions())
                .register("/v1/users", api.users())
                .register("/v1/api-keys", api.apiKeys())
                .register("/v1/webhooks", api.webhooks())
                .register("/v1/advisories", api.advisories())
                .register("/system", api.system())
                .register(ops);
    }

    /** The filters in the order a request passes them, the API's routes, then the answers to everything else. */
    private static HttpRouting.Builder apiRouting(Components c) {
        HttpRouting.Builder routing = HttpRouting.builder()
                .addFilter(new RequestIds())
                .addFilter(c.bodyGuard)
                .addFilter(c.metrics)
                .addFilter(new MalformedRequests())
                .addFilter(c.admission)
                .addFilter(c.authentication);
        routing(c.routes.recording(routing), c.api, c.ops);
        return finish(routing, c.routes);
    }

    /** A worker node answers {@code /health} and {@code /metrics} only. */
    private static HttpRouting.Builder workerRouting(Components c) {
        HttpRouting.Builder routing = HttpRouting.builder()
                .addFilter(new RequestIds())
                .addFilter(new MalformedRequests());
        c.routes.recording(routing).register(c.ops);
        return finish(routing, c.routes);
    }

    private static HttpRouting.Builder finish(HttpRouting.Builder routing, Routes routes) {
        routes.answerUnmatched(routing);
        ErrorMapping.register(routing);
        return routing;
    }

    private static WebServer webServer(ServerSettings settings, HttpRouting.Builder routing) {
        return WebServer.builder()
                .host(settings.host())
                .port(settings.port())
                // a graceful stop lets in-flight requests complete
                .shutdownGracePeriod(settings.shutdownGrace())
                // CI tools and curl send the spec's repeatable `severity[]=` keys with raw brackets, which
                // Helidon's strict query validation would refuse before routing; the handlers validate values
                // (docs/adr/0016-repeatable-query-keys-with-raw-brackets.md).
                .addProtocol(Http1Config.builder().validatePrologue(false).build())
                // only the protocol above: a discovered second HTTP/1 selector closed a request with a bad
                // HTTP version without an answer
                .protocolsDiscoverServices(false)
                .directHandlers(RefusedBeforeRouting.handlers())
                .routing(routing)
                .build();
    }

    /** Opens the database (migrating it), starts the HTTP server, the workers and housekeeping. */
    public static VigilServer start(ServerSettings settings) {
        return start(settings, Role.API_AND_WORKERS);
    }

    /** Like {@link #start(ServerSettings)}; a {@link Role#WORKER} node's listener serves health and metrics only. */
    public static VigilServer start(ServerSettings settings, Role role) {
        Database database = Database.open(settings.jdbcUrl(), settings.dbUser(),
                settings.dbPassword().orElse(""), NodeSizing.poolSize(settings.workers()));
        VigilServer server = null;
        try {
            byte[] installationKey = TokenCipher.installationKey(settings.prComments().secretKey(), settings.dataDir());
            SecretDigest secrets = SecretDigest.under(installationKey);
            SecretFingerprints.keyOnce(database, secrets);
            server = new VigilServer(settings, role, database, installationKey,
                    Scanners.available(database, secrets, () -> importBundledAdvisories(settings, database)));
            if (role != Role.WORKER) {
                server.keyOwners.start();
            }
            server.web.start();
            server.workers.start(settings.workers());
            server.housekeeping.start(NodeSizing.housekeepingPeriod(settings.lease()));
            server.prComments.start();
            server.webhookDeliveries.start();
            server.notificationChecks.start();
            return server;
        } catch (RuntimeException e) {
            if (server != null) {
                server.keyOwners.close();
            }
            database.close();
            throw e;
        }
    }

    /** A fresh database gets the bundled advisory snapshot, so that dependency scans work offline. */
    private static void importBundledAdvisories(ServerSettings settings, Database database) {
        AdvisoryRepository repository = new AdvisoryRepository();
        try {
            BundledSnapshot.importIfEmpty(database, new AdvisoryImporter(database, repository, settings.clock()),
                    repository);
        } catch (RuntimeException e) {
            // another node importing at the same moment, or a damaged snapshot: scans warn NO_ADVISORY_DATA
            LoggerFactory.getLogger(VigilServer.class).warn("bundled advisories not imported", e);
        }
    }

    public int port() {
        return web.port();
    }

    public URI uri() {
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        return URI.create("http://" + (host.equals("0.0.0.0") ? "127.0.0.1" : host) + ":" + port());
    }

    public String systemToken() {
        return systemToken;
    }

    public Database database() {
        return database;
    }

    /**
     * Graceful stop: readiness turns DOWN (a load balancer stops sending requests), the workers stop claiming,
     * running scans get {@link ServerSettings#shutdownGrace()} to finish and are then released to other nodes,
     * in-flight requests complete, and the database pool closes.
     */
    @Override
    public void close() {
        accepting = false;
        housekeeping.close();
        prComments.close();
        webhookDeliveries.close();
        notificationChecks.close();
        workers.stop(settings.shutdownGrace());
        web.stop();
        bodyGuard.close();
        keyOwners.close();
        database.close();
    }

    /** This node's name in the scans it claims ({@code worker_id} is this, a slash and the worker's number). */
    public String nodeId() {
        return nodeId;
    }

    private static String newNodeId() {
        return ProcessHandle.current().pid() + "@" + UUID.randomUUID().toString().substring(0, 8);
    }
}
