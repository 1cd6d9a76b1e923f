package dev.vigil.server;

import dev.vigil.model.ScanKind;
import dev.vigil.server.access.KeyOwners;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.api.AdvisoryStatusService;
import dev.vigil.server.api.ApiKeyService;
import dev.vigil.server.api.ApiKeys;
import dev.vigil.server.api.DecisionService;
import dev.vigil.server.api.FindingDetails;
import dev.vigil.server.api.FindingReads;
import dev.vigil.server.api.FindingService;
import dev.vigil.server.api.ProjectService;
import dev.vigil.server.api.PullRequestSettingsService;
import dev.vigil.server.api.ScanService;
import dev.vigil.server.api.ScanSubmissions;
import dev.vigil.server.api.TrendService;
import dev.vigil.server.api.UploadPermits;
import dev.vigil.server.api.UserService;
import dev.vigil.server.api.VexService;
import dev.vigil.server.api.WebhookService;
import dev.vigil.server.decisions.DecisionRepository;
import dev.vigil.server.decisions.Decisions;
import dev.vigil.server.decisions.RuleAliases;
import dev.vigil.server.http.Admission;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.BodyGuard;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.RateLimit;
import dev.vigil.server.http.Routes;
import dev.vigil.server.notify.ExpiringAcceptances;
import dev.vigil.server.notify.NotificationChecks;
import dev.vigil.server.notify.Notifications;
import dev.vigil.server.notify.ScanEvents;
import dev.vigil.server.notify.ScanNotifications;
import dev.vigil.server.notify.SlaBreaches;
import dev.vigil.server.notify.WebhookDispatcher;
import dev.vigil.server.notify.Webhooks;
import dev.vigil.server.ops.Housekeeping;
import dev.vigil.server.ops.Metrics;
import dev.vigil.server.ops.OpsService;
import dev.vigil.server.ops.SystemService;
import dev.vigil.server.ops.Tenants;
import dev.vigil.server.pipeline.ScanProcessor;
import dev.vigil.server.pipeline.ScanQueue;
import dev.vigil.server.pipeline.ScanRecovery;
import dev.vigil.server.pipeline.ScanWorkers;
import dev.vigil.server.pr.PrCommentDispatcher;
import dev.vigil.server.pr.PrCommentOutbox;
import dev.vigil.server.pr.ScmIntegrations;
import dev.vigil.server.pr.TokenCipher;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.secrets.SecretsScanner;
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
import dev.vigil.server.store.StatsRepository;
import dev.vigil.server.store.SubmissionRepository;
import dev.vigil.server.store.TenantRepository;
import dev.vigil.server.store.TrendRepository;
import dev.vigil.server.store.UserRepository;
import dev.vigil.server.triage.AcceptanceExpiry;
import dev.vigil.server.triage.FindingMerger;
import dev.vigil.server.triage.FindingTriage;
import dev.vigil.server.triage.SlaPolicy;
import dev.vigil.server.vex.Vex;
import dev.vigil.server.vex.VexRepository;

import java.time.Clock;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Every component of a node, built once from its settings in the order they depend on each other:
 * repositories, domain services, the scan pipeline, the background work, then the HTTP filters and services.
 */
final class Components {

    /** What a node identifies itself by and reports on its health page. */
    record Node(String systemToken, String nodeId, BooleanSupplier accepting) {
    }

    /** The services of the {@code /v1} API and the system API, one per resource. */
    record Api(ScanService scans, TrendService trend, FindingService findings, ProjectService projects,
               PullRequestSettingsService pullRequestSettings, VexService vex, DecisionService decisions,
               UserService users, ApiKeyService apiKeys, WebhookService webhooks, AdvisoryStatusService advisories,
               SystemService system) {
    }

    private final ServerSettings settings;
    private final Database database;
    private final Clock clock;
    private final ScanRepository scans = new ScanRepository();
    private final ArchiveRepository archives = new ArchiveRepository();
    private final ProjectRepository projects = new ProjectRepository();
    private final FindingRepository findings;
    private final HistoryRepository history = new HistoryRepository();
    private final UserRepository users = new UserRepository();
    private final TenantRepository tenants = new TenantRepository();
    private final PolicyRepository policies = new PolicyRepository();
    private final ScmRepository scms = new ScmRepository();
    private final PrCommentRepository comments = new PrCommentRepository();
    private final ScanQueue queue = new ScanQueue();

    final Routes routes = new Routes();
    final Metrics metrics = new Metrics(routes);
    final KeyOwners keyOwners;
    final ScanWorkers workers;
    final PrCommentDispatcher prComments;
    final WebhookDispatcher webhookDeliveries;
    final NotificationChecks notificationChecks;
    final Housekeeping housekeeping;
    final BodyGuard bodyGuard;
    final Admission admission;
    final Authentication authentication;
    final OpsService ops;
    final Api api;

    Components(ServerSettings settings, Database database, byte[] installationKey, Map<ScanKind, Scanner> scanners,
               Node node) {
        this.settings = settings;
        this.database = database;
        this.clock = settings.clock();
        this.findings = new FindingRepository(database.dialect());
        var keyRepository = new ApiKeyRepository();
        this.keyOwners = new KeyOwners(database, keyRepository);
        var keys = new ApiKeys(database, keyRepository, keyOwners, clock);
        var idempotency = new Idempotency(database, new IdempotencyRepository(), clock);
        var rateLimit = new RateLimit(database, tenants, new SubmissionRepository(), clock);
        var integrations = new ScmIntegrations(database, projects, scms, TokenCipher.over(installationKey), clock);
        var decisions = new Decisions(database, new DecisionRepository(), findings, history, projects,
                RuleAliases.lazy(() -> new RuleAliases(IacScanner.bundledRuleAliases(),
                        SecretsScanner.bundledRuleAliases())), clock);
        var scanEvents = new ScanNotifications(Notifications.create(), scans, findings);
        this.workers = new ScanWorkers(database, scans, processor(scanners, decisions, scanEvents), queue, clock,
                settings.lease(), node.nodeId());
        this.prComments = new PrCommentDispatcher(database, scans, scms, comments, integrations,
                PrCommentDispatcher.publishers(settings.prComments(), settings.outbound()), settings.prComments(),
                clock);
        this.webhookDeliveries = WebhookDispatcher.create(database, TokenCipher.over(installationKey),
                settings.outbound(), settings.prComments(), clock);
        this.notificationChecks = new NotificationChecks(SlaBreaches.create(database, projects, findings, clock),
                ExpiringAcceptances.create(database, projects, findings, clock), database, clock);
        this.housekeeping = new Housekeeping(new ScanRecovery(database, scans, archives, queue, clock, scanEvents),
                new AcceptanceExpiry(database, findings, history, clock), idempotency, rateLimit);
        this.bodyGuard = new BodyGuard(settings.uploads());
        this.admission = new Admission(NodeSizing.concurrentRequests(settings.workers()),
                NodeSizing.ADMISSION_PATIENCE, metrics::requestWaited);
        this.authentication = new Authentication(keyOwners, clock);
        this.ops = new OpsService(database, scans, metrics, node.accepting(), admission::waiting,
                workers::staffing);
        this.api = new Api(
                new ScanService(database, scans, submissions(rateLimit, idempotency), comments),
                new TrendService(database, new TrendRepository(), clock),
                new FindingService(new FindingReads(database, findings, history, new StatsRepository(),
                        new FindingDetails(new AdvisoryRepository(),
                                ruleId -> IacScanner.bundledHelp(ruleId).or(() -> SecretsScanner.helpOf(ruleId))),
                        clock),
                        new FindingTriage(database, findings, history, users, clock)),
                new ProjectService(database, projects, idempotency, clock),
                new PullRequestSettingsService(database, projects, policies, integrations, settings.outbound(),
                        clock),
                new VexService(new Vex(database, new VexRepository(), projects, decisions, clock)),
                new DecisionService(decisions, idempotency, clock),
                new UserService(database, users, idempotency, clock),
                new ApiKeyService(database, keys, users, idempotency),
                new WebhookService(Webhooks.create(database, projects, TokenCipher.over(installationKey), clock),
                        settings.outbound()),
                new AdvisoryStatusService(database, new AdvisoryRepository()),
                new SystemService(new Tenants(database, tenants, users, keys, keyOwners, clock), keys, clock,
                        node.systemToken()));
    }

    private ScanProcessor processor(Map<ScanKind, Scanner> scanners, Decisions decisions, ScanEvents events) {
        var merger = new FindingMerger(projects, new MergeRepository(), SlaPolicy.defaults(), policies,
                decisions.onMerge());
        return new ScanProcessor(database, scans, archives, merger, scanners, settings.archiveLimits(),
                settings.scanTimeout(), clock, Version.current(), metrics, new PrCommentOutbox(scms, comments),
                events);
    }

    private ScanSubmissions submissions(RateLimit rateLimit, Idempotency idempotency) {
        return new ScanSubmissions(database, archives, scans, projects, rateLimit, idempotency, queue, clock,
                settings.dataDir().resolve("uploads"),
                new UploadPermits(NodeSizing.uploadPermits(settings.workers()), settings.uploads().permitWait()),
                settings.uploads(), metrics);
    }
}
