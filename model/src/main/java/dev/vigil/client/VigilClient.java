package dev.vigil.client;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.ApiKey;
import dev.vigil.model.Assignment;
import dev.vigil.model.BulkStatusChange;
import dev.vigil.model.BulkStatusResult;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.CreatedWebhook;
import dev.vigil.model.Decision;
import dev.vigil.model.DecisionPreview;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewDecision;
import dev.vigil.model.NewProject;
import dev.vigil.model.NewUser;
import dev.vigil.model.NewWebhook;
import dev.vigil.model.Page;
import dev.vigil.model.Project;
import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.Scan;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScmIntegration;
import dev.vigil.model.ScmIntegrationUpdate;
import dev.vigil.model.StatusChange;
import dev.vigil.model.User;
import dev.vigil.model.VexFormat;
import dev.vigil.model.VexImportResult;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest.BodyPublishers;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static dev.vigil.client.Transport.pageOf;
import static dev.vigil.client.Transport.type;

/**
 * The typed client of the /v1 API. Every request carries {@code Authorization: Bearer <key>}. An answer
 * outside 2xx throws {@link VigilApiException}; a network failure throws {@link UncheckedIOException}
 * (wrapping an {@link java.io.InterruptedIOException}, with the thread's flag set, on interruption).
 * Optional {@code limit} and {@code cursor} parameters may be null: the server's default, the first page.
 * Instances are immutable and safe to share between threads.
 */
public final class VigilClient implements AutoCloseable {

    private static final int LARGEST_PAGE = 100;

    private final Transport transport;
    private final FindingsClient findings;

    VigilClient(Transport transport) {
        this.transport = transport;
        this.findings = new FindingsClient(transport);
    }

    public static VigilClient of(URI baseUri, String apiKey) {
        return builder(baseUri, apiKey).build();
    }

    public static ClientBuilder<VigilClient> builder(URI baseUri, String apiKey) {
        return new ClientBuilder<>(baseUri, apiKey, VigilClient::new);
    }

    // Scans

    public Scan submitScan(ScanSubmission submission) {
        return this.<Scan>call(Exchange.multipart("/v1/scans", submission.toForm()), type(Scan.class)).body();
    }

    public Scan submitScan(ScanSubmission submission, UUID idempotencyKey) {
        return submitScanWithHeaders(submission, idempotencyKey).body();
    }

    /** The scan with the answer's status and headers (X-RateLimit-*, Idempotent-Replayed, X-Request-ID). */
    public Response<Scan> submitScanWithHeaders(ScanSubmission submission, UUID idempotencyKey) {
        Exchange exchange = Exchange.multipart("/v1/scans", submission.toForm()).withIdempotencyKey(idempotencyKey);
        return call(exchange, type(Scan.class));
    }

    public Page<ScanListItem> listScans(ScanQuery query) {
        return transport.get(query.toQuery().appendTo("/v1/scans"), pageOf(ScanListItem.class));
    }

    public ScanDetail getScan(UUID scanId) {
        return transport.get("/v1/scans/" + scanId, type(ScanDetail.class));
    }

    public JsonNode getSarif(UUID scanId) {
        return transport.get("/v1/scans/" + scanId + "/sarif", type(JsonNode.class));
    }

    /** Polls the scan with backoff until it has completed or failed; {@link ScanTimeoutException} after {@code timeout}. */
    public ScanDetail awaitScan(UUID scanId, Duration timeout) {
        return awaitScan(scanId, timeout, unfinished -> { });
    }

    /** {@link #awaitScan(UUID, Duration)}, showing {@code whileUnfinished} the scan at each poll that finds it unfinished. */
    public ScanDetail awaitScan(UUID scanId, Duration timeout, Consumer<ScanDetail> whileUnfinished) {
        return ScanPoller.DEFAULT.await(scanId, timeout, id -> {
            ScanDetail scan = getScan(id);
            if (!scan.status().isFinished()) {
                whileUnfinished.accept(scan);
            }
            return scan;
        });
    }

    // Findings: the reads in findings(), the triage actions here

    /** The findings' reads: pages, export, stats, trend, one finding, its detail and history. */
    public FindingsClient findings() {
        return findings;
    }

    public Finding changeStatus(UUID findingId, StatusChange change) {
        return post("/v1/repo-vulnerabilities/" + findingId + "/status", change, Finding.class);
    }

    /** Assigns the finding to a user, or unassigns it when {@code userIdOrNull} is null. */
    public Finding assign(UUID findingId, UUID userIdOrNull) {
        return post("/v1/repo-vulnerabilities/" + findingId + "/assign", new Assignment(userIdOrNull), Finding.class);
    }

    public BulkStatusResult bulkStatus(BulkStatusChange change) {
        return post("/v1/repo-vulnerabilities/bulk-status", change, BulkStatusResult.class);
    }

    // Projects, users, API keys

    public Project createProject(NewProject project) {
        return post("/v1/projects", project, Project.class);
    }

    public Project createProject(NewProject project, UUID idempotencyKey) {
        return createProjectWithHeaders(project, idempotencyKey).body();
    }

    public Response<Project> createProjectWithHeaders(NewProject project, UUID idempotencyKey) {
        return call(Exchange.json("POST", "/v1/projects", project).withIdempotencyKey(idempotencyKey),
                type(Project.class));
    }

    public Page<Project> listProjects(Integer limit, String cursor) {
        return transport.get(new QueryString().page(limit, cursor).appendTo("/v1/projects"), pageOf(Project.class));
    }

    /** Every project of the tenant, following the cursor as the stream is read. */
    public Stream<Project> allProjects() {
        return CursorPages.stream(cursor -> listProjects(LARGEST_PAGE, cursor));
    }

    public Project getProject(UUID projectId) {
        return transport.get("/v1/projects/" + projectId, type(Project.class));
    }

    /** Sets the project's SCM integration (Admin/Owner); the answer never carries the token. */
    public ScmIntegration setScmIntegration(UUID projectId, ScmIntegrationUpdate integration) {
        return this.<ScmIntegration>call(Exchange.json("PUT", "/v1/projects/" + projectId + "/scm", integration),
                type(ScmIntegration.class)).body();
    }

    public ScmIntegration getScmIntegration(UUID projectId) {
        return transport.get("/v1/projects/" + projectId + "/scm", type(ScmIntegration.class));
    }

    public void removeScmIntegration(UUID projectId) {
        transport.callIgnoringBody(Exchange.delete("/v1/projects/" + projectId + "/scm"));
    }

    public ProjectPolicy setPolicy(UUID projectId, ProjectPolicy policy) {
        return this.<ProjectPolicy>call(Exchange.json("PUT", "/v1/projects/" + projectId + "/policy", policy),
                type(ProjectPolicy.class)).body();
    }

    public ProjectPolicy getPolicy(UUID projectId) {
        return transport.get("/v1/projects/" + projectId + "/policy", type(ProjectPolicy.class));
    }

    public User createUser(NewUser user) {
        return post("/v1/users", user, User.class);
    }

    public Page<User> listUsers(Integer limit, String cursor) {
        return transport.get(new QueryString().page(limit, cursor).appendTo("/v1/users"), pageOf(User.class));
    }

    /** Every user of the tenant, following the cursor as the stream is read. */
    public Stream<User> allUsers() {
        return CursorPages.stream(cursor -> listUsers(LARGEST_PAGE, cursor));
    }

    /** The user the API key acts for. */
    public User me() {
        return transport.get("/v1/users/me", type(User.class));
    }

    public CreatedApiKey createApiKey(NewApiKey key) {
        return post("/v1/api-keys", key, CreatedApiKey.class);
    }

    public Page<ApiKey> listApiKeys(Integer limit, String cursor) {
        return transport.get(new QueryString().page(limit, cursor).appendTo("/v1/api-keys"), pageOf(ApiKey.class));
    }

    public void revokeApiKey(UUID keyId) {
        transport.callIgnoringBody(Exchange.delete("/v1/api-keys/" + keyId));
    }

    /** Creates a webhook (Admin/Owner); the answer carries its secret, shown this once only. */
    public CreatedWebhook createWebhook(NewWebhook webhook) {
        return post("/v1/webhooks", webhook, CreatedWebhook.class);
    }

    public Page<Webhook> listWebhooks(Integer limit, String cursor) {
        return transport.get(new QueryString().page(limit, cursor).appendTo("/v1/webhooks"), pageOf(Webhook.class));
    }

    public void deleteWebhook(UUID webhookId) {
        transport.callIgnoringBody(Exchange.delete("/v1/webhooks/" + webhookId));
    }

    /** Queues a {@code ping} event to the webhook; the answer is its delivery. */
    public WebhookDelivery pingWebhook(UUID webhookId) {
        return post("/v1/webhooks/" + webhookId + "/ping", Map.of(), WebhookDelivery.class);
    }

    /** Ends a webhook's pause; it gets events again. */
    public Webhook resumeWebhook(UUID webhookId) {
        return post("/v1/webhooks/" + webhookId + "/resume", Map.of(), Webhook.class);
    }

    /** The webhook's deliveries, newest first. */
    public Page<WebhookDelivery> listDeliveries(UUID webhookId, Integer limit, String cursor) {
        return transport.get(new QueryString().page(limit, cursor).appendTo("/v1/webhooks/" + webhookId
                + "/deliveries"), pageOf(WebhookDelivery.class));
    }

    /** Queues the delivery's event again, as a new delivery. */
    public WebhookDelivery redeliver(UUID webhookId, UUID deliveryId) {
        return post("/v1/webhooks/" + webhookId + "/deliveries/" + deliveryId + "/redeliver", Map.of(),
                WebhookDelivery.class);
    }

    // Decisions and VEX

    /** Makes a decision (Admin/Owner); the answer counts the findings it changed at once. */
    public Decision createDecision(NewDecision decision) {
        return post("/v1/decisions", decision, Decision.class);
    }

    /** How many findings the decision would change now, without making it ({@code ?dry_run=true}). */
    public DecisionPreview previewDecision(NewDecision decision) {
        return post("/v1/decisions?dry_run=true", decision, DecisionPreview.class);
    }

    /** The tenant's decisions, newest first, optionally of one project and one status. */
    public Page<Decision> listDecisions(Optional<UUID> projectId, Optional<FindingStatus> status, Integer limit,
                                        String cursor) {
        String path = new QueryString().add("project_id", projectId).add("status", status.map(FindingStatus::wire))
                .page(limit, cursor).appendTo("/v1/decisions");
        return transport.get(path, pageOf(Decision.class));
    }

    public Decision getDecision(UUID decisionId) {
        return transport.get("/v1/decisions/" + decisionId, type(Decision.class));
    }

    /** Deletes a decision (Admin/Owner); the findings it changed and nobody changed since go back. */
    public void deleteDecision(UUID decisionId) {
        transport.callIgnoringBody(Exchange.delete("/v1/decisions/" + decisionId));
    }

    /** The project's SCA findings as a VEX document of the given format. */
    public JsonNode exportVex(UUID projectId, VexFormat format) {
        return transport.get("/v1/projects/" + projectId + "/vex?format=" + format.wire(), type(JsonNode.class));
    }

    /** Applies a CycloneDX or OpenVEX document's statements as decisions of the project (Admin/Owner). */
    public VexImportResult importVex(UUID projectId, JsonNode document) {
        return post("/v1/projects/" + projectId + "/vex", document, VexImportResult.class);
    }

    // Operations and raw access

    /** True when {@code GET /health} answers 200; false for any other status or when the server is unreachable. */
    public boolean health() {
        try {
            return transport.raw(Exchange.get("/health")).status() == 200;
        } catch (UncheckedIOException unreachable) {
            return false;
        }
    }

    /**
     * Sends any request and returns the answer whatever its status, for tests of the raw protocol. The
     * given headers replace the defaults of the same name (Authorization, Accept); {@code body} may be null.
     */
    public RawResponse send(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
        var publisher = body == null ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(body);
        return transport.raw(new Exchange(method, pathAndQuery, headers, publisher));
    }

    public URI baseUri() {
        return transport.baseUri();
    }

    private <T> T post(String path, Object body, Class<T> answer) {
        return this.<T>call(Exchange.json("POST", path, body), type(answer)).body();
    }

    private <T> Response<T> call(Exchange exchange, JavaType type) {
        return transport.call(exchange, type);
    }

    /** Releases the default HTTP client's connections and thread; a client given to the builder stays open. */
    @Override
    public void close() {
        transport.close();
    }

    @Override
    public String toString() {
        return "VigilClient[" + transport.baseUri() + "]";
    }
}
