package dev.vigil.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.Pattern;
import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.Role;
import dev.vigil.model.ScmProvider;
import dev.vigil.model.Severity;
import dev.vigil.server.access.Caller;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Authentication;
import dev.vigil.server.http.BodyReader;
import dev.vigil.server.http.JsonIo;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.outbound.RefusedDestination;
import dev.vigil.server.pr.ScmIntegrations;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.PolicyRepository;
import dev.vigil.server.store.ProjectRepository;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code /v1/projects/:id/scm} and {@code /v1/projects/:id/policy}
 * (docs/adr/0020-pull-request-comments-from-scan-results.md): a project's SCM integration (Admin/Owner; the
 * token is write-only) and its blocking policy (read by anyone, changed by Admin/Owner).
 */
public final class PullRequestSettingsService implements HttpService {

    // RE2/J, as for all untrusted text: java.util.regex recurses once per repetition of a group
    private static final Pattern GITHUB_REPOSITORY = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");
    private static final Pattern GITLAB_PROJECT = Pattern.compile("[0-9]+|[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+");
    private static final Pattern TOKEN = Pattern.compile("[\\x21-\\x7e]{1,1000}");

    private final Database database;
    private final ProjectRepository projects;
    private final PolicyRepository policies;
    private final ScmIntegrations integrations;
    private final OutboundGuard outbound;
    private final Clock clock;

    public PullRequestSettingsService(Database database, ProjectRepository projects, PolicyRepository policies,
                                      ScmIntegrations integrations, OutboundGuard outbound, Clock clock) {
        this.database = database;
        this.projects = projects;
        this.policies = policies;
        this.integrations = integrations;
        this.outbound = outbound;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.put("/{id}/scm", this::setScm)
                .get("/{id}/scm", this::getScm)
                .delete("/{id}/scm", this::removeScm)
                .put("/{id}/policy", this::setPolicy)
                .get("/{id}/policy", this::getPolicy);
    }

    private void setScm(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "configuring an SCM integration");
        UUID project = PathIds.id(request, "project");
        ScmIntegrations.Change change = scmChange(JsonIo.readObject(request), outbound);
        JsonIo.ok(response, integrations.save(caller.tenantId(), project, change));
    }

    private void getScm(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "reading an SCM integration");
        JsonIo.ok(response, integrations.find(caller.tenantId(), PathIds.id(request, "project")));
    }

    private void removeScm(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "removing an SCM integration");
        integrations.remove(caller.tenantId(), PathIds.id(request, "project"));
        response.status(Status.NO_CONTENT_204).send();
    }

    private void setPolicy(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        caller.requireRole(Role.ADMIN, "changing a blocking policy");
        UUID project = PathIds.id(request, "project");
        BodyReader fields = new BodyReader(JsonIo.readObject(request));
        Severity severity = fields.optionalEnum("block_severity", Severity.class).orElse(Severity.HIGH);
        boolean secrets = optionalBoolean(fields, "block_on_new_secrets").orElse(true);
        fields.validate();
        ProjectPolicy policy = new ProjectPolicy(severity, secrets);
        database.run(c -> {
            projects.find(c, caller.tenantId(), project).orElseThrow(() -> ApiException.notFound("project"));
            projects.lockForMerge(c, project);
            policies.save(c, project, policy, clock.millis());
        });
        JsonIo.ok(response, policy);
    }

    private void getPolicy(ServerRequest request, ServerResponse response) {
        Caller caller = Authentication.caller(request);
        UUID project = PathIds.id(request, "project");
        ProjectPolicy policy = database.inTransaction(c -> {
            projects.find(c, caller.tenantId(), project).orElseThrow(() -> ApiException.notFound("project"));
            return policies.findOrDefault(c, project);
        });
        JsonIo.ok(response, policy);
    }

    static ScmIntegrations.Change scmChange(JsonNode body, OutboundGuard outbound) {
        BodyReader fields = new BodyReader(body);
        ScmProvider provider = fields.requiredEnum("provider", ScmProvider.class);
        String apiUrl = fields.requiredText("api_url", 1000);
        String repository = fields.requiredText("repository", 500);
        Optional<String> token = fields.optionalText("token", 1000);
        URI uri = apiUrl == null ? null : apiUrl(fields, apiUrl, outbound);
        if (provider != null && repository != null) {
            Pattern form = provider == ScmProvider.GITHUB ? GITHUB_REPOSITORY : GITLAB_PROJECT;
            if (!form.matcher(repository).matches()) {
                fields.addProblem("repository", provider == ScmProvider.GITHUB ? "must be owner/name"
                        : "must be a GitLab project id or its path (group/name)");
            }
        }
        if (token.isPresent() && !TOKEN.matcher(token.get()).matches()) {
            fields.addProblem("token", "must be printable characters without spaces");
        }
        fields.validate();
        return new ScmIntegrations.Change(provider, uri, repository, token);
    }

    /**
     * The API base if the server may call it ({@link OutboundGuard}): https, and a host that does not resolve
     * to an internal address unless the operator allowed it. A host that does not resolve now is accepted; the
     * guard checks it again at every call.
     */
    private static URI apiUrl(BodyReader fields, String text, OutboundGuard outbound) {
        URI uri;
        try {
            uri = new URI(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        } catch (URISyntaxException e) {
            fields.addProblem("api_url", "must be an https URL without credentials, query or fragment");
            return null;
        }
        Optional<String> refusal = outbound.refusal(uri);
        if (refusal.isPresent() || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            fields.addProblem("api_url", refusal.orElse("must be an https URL without credentials, query or fragment"));
            return null;
        }
        try {
            return outbound.check(uri);
        } catch (RefusedDestination e) {
            fields.addProblem("api_url", e.getMessage());
            return null;
        } catch (UnknownHostException e) {
            return uri;
        }
    }

    private static Optional<Boolean> optionalBoolean(BodyReader fields, String name) {
        JsonNode node = fields.node(name);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isBoolean()) {
            fields.addProblem(name, "must be true or false");
            return Optional.empty();
        }
        return Optional.of(node.booleanValue());
    }
}
