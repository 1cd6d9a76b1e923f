package dev.vigil.server.pr;

import dev.vigil.model.ScmIntegration;
import dev.vigil.model.ScmProvider;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.store.ScmRepository;
import dev.vigil.server.store.ScmRepository.StoredScm;

import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/** Reads and writes projects' SCM integrations; the token goes in sealed and never comes out of here. */
public final class ScmIntegrations {

    /**
     * A validated change; {@code token} empty keeps the stored one, but only for the same destination: the
     * token is never sent where its setter did not send it.
     */
    public record Change(ScmProvider provider, URI apiUrl, String repository, Optional<String> token) {

        boolean sameDestination(StoredScm stored) {
            return provider == stored.provider() && apiUrl.toString().equals(stored.apiUrl())
                    && repository.equals(stored.repository());
        }

        @Override
        public String toString() {
            return "Change[" + provider.wire() + ", " + apiUrl + ", " + repository + "]";
        }
    }

    private final Database database;
    private final ProjectRepository projects;
    private final ScmRepository scms;
    private final TokenCipher cipher;
    private final Clock clock;

    public ScmIntegrations(Database database, ProjectRepository projects, ScmRepository scms, TokenCipher cipher,
                           Clock clock) {
        this.database = database;
        this.projects = projects;
        this.scms = scms;
        this.cipher = cipher;
        this.clock = clock;
    }

    public ScmIntegration save(UUID tenantId, UUID projectId, Change change) {
        return database.inTransaction(c -> {
            projects.find(c, tenantId, projectId).orElseThrow(() -> ScmIntegrationRefused.notFound("project"));
            projects.lockForMerge(c, projectId);
            Optional<StoredScm> before = scms.find(c, projectId);
            String sealed = change.token().map(t -> cipher.seal(projectId, t))
                    .or(() -> before.filter(change::sameDestination).map(StoredScm::tokenSealed))
                    .orElseThrow(() -> ScmIntegrationRefused.invalid("token", before.isEmpty()
                            ? "is required when the project has no token yet"
                            : "is required again when provider, api_url or repository changes"));
            StoredScm stored = new StoredScm(projectId, change.provider(), change.apiUrl().toString(),
                    change.repository(), sealed);
            scms.save(c, stored, clock.millis());
            return view(stored);
        });
    }

    public ScmIntegration find(UUID tenantId, UUID projectId) {
        return database.inTransaction(c -> {
            projects.find(c, tenantId, projectId).orElseThrow(() -> ScmIntegrationRefused.notFound("project"));
            return scms.find(c, projectId).map(ScmIntegrations::view)
                    .orElseThrow(() -> ScmIntegrationRefused.notFound("SCM integration of this project"));
        });
    }

    public void remove(UUID tenantId, UUID projectId) {
        database.run(c -> {
            projects.find(c, tenantId, projectId).orElseThrow(() -> ScmIntegrationRefused.notFound("project"));
            if (!scms.delete(c, projectId)) {
                throw ScmIntegrationRefused.notFound("SCM integration of this project");
            }
        });
    }

    /** The token of a stored integration, for the publisher about to call the provider. */
    String token(StoredScm scm) {
        return cipher.open(scm.projectId(), scm.tokenSealed());
    }

    private static ScmIntegration view(StoredScm scm) {
        return new ScmIntegration(scm.provider(), scm.apiUrl(), scm.repository(), scm.tokenSealed() != null);
    }
}
