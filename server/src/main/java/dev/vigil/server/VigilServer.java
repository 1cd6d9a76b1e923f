package dev.vigil.server;

import dev.vigil.model.ScanKind;
import dev.vigil.server.access.KeyOwners;
import dev.vigil.server.advisories.AdvisoryImporter;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.advisories.BundledSnapshot;
import dev.vigil.server.api.AdvisoryStatusService;
import dev.vigil.server.api.ApiKeyService;
import dev.vigil.server.api.ApiKeys;
import dev.vigil.server.api.FindingReads;
import dev.vigil.server.api.FindingService;
import dev.vigil.server.api.ProjectService;
import dev.vigil.server.api.PullRequestSettingsService;
import dev.vigil.server.api.ScanService;
import dev.vigil.server.api.ScanSubmissions;
import dev.vigil.server.api.TrendService;
import dev.vigil.server.api.UploadPermits;
import dev.vigil.server.api.UserService;
import dev.vigil.server.http.Admission;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.BodyGuard;
import dev.vigil.server.http.ErrorMapping;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.MalformedRequests;
import dev.vigil.server.http.RateLimit;
import dev.vigil.server.http.RefusedBeforeRouting;
import dev.vigil.server.http.RequestIds;
import dev.vigil.server.http.Routes;
import dev.vigil.server.ops.Housekeeping;
import dev.vigil.server.ops.Metrics;
import dev.vigil.server.ops.OpsService;
import dev.vigil.server.ops.SystemService;
import dev.vigil.server.ops.SystemToken;
import dev.vigil.server.ops.Tenants;
import dev.vigil.server.pipeline.ScanProcessor;
import dev.vigil.server.pipeline.ScanQueue;
import dev.vigil.server.pipeline.ScanRecovery;
import dev.vigil.server.pipeline.ScanWorkers;
import dev.vigil.server.pipeline.Scanners;
import dev.vigil.server.pr.PrCommentDispatcher;
import dev.vigil.server.pr.PrCommentOutbox;
import dev.vigil.server.pr.ScmIntegrations;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SecretDigest;
import dev.vigil.server.store.ApiKeyRepository;
import dev.vigil.server.store.ArchiveRepository;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.store.IdempotencyRepository;
import dev.vigil.server.store.MergeRepository;
import dev.vigil.server.store.PolicyRepository;
import dev.vigil.server.store.PrCommentRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScmRepository;
import dev.vigil.server.store.SecretFingerprints;
import dev.vigil.server.store.StatsRepository;
import dev.vigil.server.store.SubmissionRepository;
import dev.vigil.server.store.TenantRepository;
import dev.vigil.server.store.TrendRepository;
import dev.vigil.server.store.UserRepository;
import dev.vigil.server.triage.AcceptanceExpiry;
import dev.vigil.server.triage.FindingMerger;
import dev.vigil.server.triage.FindingTriage;
import dev.vigil.server.triage.SlaPolicy;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http1.Http1Config;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * A running Vigil node: the HTTP server, its scan workers and housekeeping over one database. Every node is
 * equal; a {@linkplain Role#WORKER worker} node serves only {@code /health} and {@code /metrics}.
 */
public final class VigilServer implements AutoCloseable {

    /** What a node offers: the whole API ({@code vigil serve}) or only scan work ({@code vigil worker}). */
    public enum Role { API_AND_WORKERS, WORKER }

    /** How long an API request waits for its turn before it is answered 503 (see {@link Admission}). */
    private static final Duration ADMISSION_PATIENCE = Duration.ofSeconds(30);

    private final ServerSettings settings;
    private final Database database;
    private final WebServer web;
    private final ScanWorkers workers;
    private final Housekeeping housekeeping;
    private final PrCommentDispatcher prComments;
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
        var clock = settings.clock();
        var scans = new ScanRepository();
        var archives = new ArchiveRepository();
        var projects = new ProjectRepository();
        var findings = new FindingRepository(database.dialect());
        var history = new HistoryRepository();
        var users = new UserRepository();
        var tenants = new TenantRepository();
        var queue = new ScanQueue();
        var routes = new Routes();
        var metrics = new Metrics(routes);
        var idempotency = new Idempotency(database, new IdempotencyRepository(), clock);
        var keyRepository = new ApiKeyRepository();
        this.keyOwners = new KeyOwners(database, keyRepository);
        var keys = new ApiKeys(database, keyRepository, keyOwners, clock);
        var policies = new PolicyRepository();
        var scms = new ScmRepository();
        var integrations = new ScmIntegrations(database, projects, scms, TokenCipher.over(installationKey), clock);
        var merger = new FindingMerger(projects, new MergeRepository(), SlaPolicy.defaults(), policies);
        var comments = new PrCommentRepository();
        var processor = new ScanProcessor(database, scans, archives, merger, scanners, settings.archiveLimits(),
                settings.scanTimeout(), clock,
                Version.current(), metrics, new PrCommentOutbox(scms, comments));
        this.prComments = new PrCommentDispatcher(database, scans, scms, comments, integrations,
                PrCommentDispatcher.publishers(settings.prComments(), settings.outbound()), settings.prComments(),
                clock);
        this.workers = new ScanWorkers(database, scans, processor, queue, clock, settings.lease(), nodeId);
        var rateLimit = new RateLimit(database, tenants, new SubmissionRepository(), clock);
        this.housekeeping = new Housekeeping(new ScanRecovery(database, scans, archives, queue, clock),
                new AcceptanceExpiry(database, findings, history, clock), idempotency, rateLimit);
        var submissions = new ScanSubmissions(database, archives, scans, projects, rateLimit, idempotency, queue,
                clock, settings.dataDir().resolve("uploads"),
                new UploadPermits(Math.max(2, poolSize(settings) / 4), settings.uploads().permitWait()),
                settings.uploads());
        this.bodyGuard = new BodyGuard(settings.uploads());
        var admission = new Admission(concurrentRequests(settings), ADMISSION_PATIENCE, metrics::requestWaited);
        var ops = new OpsService(database, scans, metrics, () -> accepting, admission::waiting,
                workers::staffing);
        HttpRouting.Builder routing = HttpRouting.builder().addFilter(new RequestIds());
        if (role == Role.WORKER) {
            routing.addFilter(new MalformedRequests());
            routes.recording(routing).register(ops);
        } else {
            routing.addFilter(bodyGuard)
                    .addFilter(metrics)
                    .addFilter(new MalformedRequests())
                    .addFilter(admission)
                    .addFilter(new Authentication(keyOwners, clock));
            routes.recording(routing)
                    .register("/v1/scans", new ScanService(database, scans, submissions, comments))
                    .register("/v1/repo-vulnerabilities/trend",
                            new TrendService(database, new TrendRepository(), clock))
                    .register("/v1/repo-vulnerabilities", new FindingService(
                            new FindingReads(database, findings, history, new StatsRepository(), clock),
                            new FindingTriage(database, findings, history, users, clock)))
                    .register("/v1/projects", new ProjectService(database, projects, idempotency, clock),
                            new PullRequestSettingsService(database, projects, policies, integrations,
                                    settings.outbound(), clock))
                    .register("/v1/users", new UserService(database, users, idempotency, clock))
                    .register("/v1/api-keys", new ApiKeyService(database, keys, users, idempotency))
                    .register("/v1/advisories", new AdvisoryStatusService(database, new AdvisoryRepository()))
                    .register("/system", new SystemService(
                            new Tenants(database, tenants, users, keys, keyOwners, clock), systemToken))
                    .register(ops);
        }
        routes.answerUnmatched(routing);
        ErrorMapping.register(routing);
        this.web = WebServer.builder()
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
                settings.dbPassword().orElse(""), poolSize(settings));
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
            server.housekeeping.start(Duration.ofMillis(Math.max(100, settings.lease().toMillis() / 4)));
            server.prComments.start();
            return server;
        } catch (RuntimeException e) {
            if (server != null) {
                server.keyOwners.close();
            }
            database.close();
            throw e;
        }
    }

    /** API requests that run at once: the pool less the scan workers' connections (the rest wait in turn). */
    private static int concurrentRequests(ServerSettings settings) {
        return poolSize(settings) - settings.workers() * 2;
    }

    /** Connections: two per scan worker (its work and its lease) and a share for requests and housekeeping. */
    private static int poolSize(ServerSettings settings) {
        return Math.max(10, settings.workers() * 2 + 8);
    }

    /** A fresh database gets the bundled advisory snapshot, so that dependency scans work offline. */
    private static void importBundledAdvisories(ServerSettings settings, Database database) {
        AdvisoryRepository repository = new AdvisoryRepository();
        try {
            BundledSnapshot.importIfEmpty(database, new AdvisoryImporter(database, repository, settings.clock()),
                    repository);
        } catch (RuntimeException e) {
            // another node importing at the same moment, or a damaged snapshot: scans warn NO_ADVISORY_DATA
            org.slf4j.LoggerFactory.getLogger(VigilServer.class).warn("bundled advisories not imported", e);
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
