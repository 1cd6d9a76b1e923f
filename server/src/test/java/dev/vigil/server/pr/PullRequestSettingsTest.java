package dev.vigil.server.pr;

import dev.vigil.client.VigilApiException;
import dev.vigil.client.VigilClient;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.Role;
import dev.vigil.model.ScmIntegration;
import dev.vigil.model.ScmIntegrationUpdate;
import dev.vigil.model.ScmProvider;
import dev.vigil.model.Severity;
import dev.vigil.server.store.ScmRepository;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code /v1/projects/:id/scm} and {@code /policy}: validation, roles, the write-only token. */
@VigilServerTest
class PullRequestSettingsTest {

    private static final String TOKEN = "ghp_settingsTestToken0123456789abcdefABCD";
    private static TestServer server;
    private static TestServer.Tenant tenant;

    private static Project project() {
        return tenant.owner().createProject(new NewProject("p-" + UUID.randomUUID(), "main"));
    }

    @Test
    void shouldStoreTheIntegrationWithoutEverReturningTheToken() throws Exception {
        Project project = project();
        ScmIntegration saved = tenant.owner().setScmIntegration(project.id(), new ScmIntegrationUpdate(
                ScmProvider.GITHUB, "https://github.example.com/api/v3/", "acme/shop", TOKEN));

        assertThat(saved).isEqualTo(new ScmIntegration(ScmProvider.GITHUB, "https://github.example.com/api/v3",
                "acme/shop", true));
        var raw = tenant.owner().send("GET", "/v1/projects/" + project.id() + "/scm", Map.of(), null);
        assertThat(raw.status()).isEqualTo(200);
        assertThat(raw.text()).contains("\"token_set\":true").doesNotContain(TOKEN).doesNotContain("token\"");
        var stored = server.server().database().inTransaction(c ->
                new ScmRepository().find(c, project.id())).orElseThrow();
        assertThat(stored.tokenSealed()).startsWith("v1:").doesNotContain(TOKEN);
        assertThat(Files.getPosixFilePermissions(server.dataDir().resolve(TokenCipher.KEY_FILE)))
                .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
        assertThat(Files.readString(server.dataDir().resolve(TokenCipher.KEY_FILE), StandardCharsets.US_ASCII))
                .doesNotContain(TOKEN);
    }

    @Test
    void shouldKeepTheTokenWhenAnUpdateOmitsItForTheSameDestination() {
        Project project = project();
        ScmIntegrationUpdate integration = new ScmIntegrationUpdate(ScmProvider.GITLAB,
                "https://gitlab.example.com/api/v4", "group/sub/app", "glpat-abcdefghijklmnop");
        tenant.owner().setScmIntegration(project.id(), integration);

        ScmIntegration same = tenant.owner().setScmIntegration(project.id(), new ScmIntegrationUpdate(
                ScmProvider.GITLAB, "https://gitlab.example.com/api/v4", "group/sub/app", null));

        assertThat(same.tokenSet()).isTrue();
    }

    @Test
    void shouldRejectInvalidIntegrations() {
        Project project = project();
        assertThatThrownBy(() -> tenant.owner().setScmIntegration(project.id(), new ScmIntegrationUpdate(
                ScmProvider.GITHUB, "ftp://x", "not a repo", null)))
                .isInstanceOfSatisfying(VigilApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("api_url").contains("repository");
                });
        var raw = tenant.owner().send("PUT", "/v1/projects/" + project.id() + "/scm",
                Map.of("Content-Type", "application/json"),
                "{\"provider\":\"bitbucket\",\"api_url\":\"https://x\",\"repository\":\"a/b\",\"token\":\"t\"}"
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(raw.status()).isEqualTo(400);
        assertThat(tenant.owner().send("GET", "/v1/projects/" + project.id() + "/scm", Map.of(), null).status())
                .isEqualTo(404);
    }

    @Test
    void shouldLetOnlyAdminsAndOwnersSeeOrChangeTheIntegration() {
        Project project = project();
        VigilClient member = tenant.userWith(Role.MEMBER);
        assertThatThrownBy(() -> member.setScmIntegration(project.id(), new ScmIntegrationUpdate(ScmProvider.GITHUB,
                "https://api.github.com", "a/b", "tok")))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(403));
        assertThatThrownBy(() -> member.getScmIntegration(project.id()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(403));
        assertThatThrownBy(() -> member.setPolicy(project.id(), ProjectPolicy.defaults()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(403));
        assertThat(member.getPolicy(project.id())).isEqualTo(ProjectPolicy.defaults());
        VigilClient admin = tenant.userWith(Role.ADMIN);
        admin.setScmIntegration(project.id(), new ScmIntegrationUpdate(ScmProvider.GITHUB,
                "https://api.github.com", "a/b", "tok"));
        admin.removeScmIntegration(project.id());
        assertThatThrownBy(() -> admin.getScmIntegration(project.id()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void shouldHideOtherTenantsProjects() {
        Project project = project();
        VigilClient stranger = server.tenant().owner();
        assertThatThrownBy(() -> stranger.setScmIntegration(project.id(), new ScmIntegrationUpdate(
                ScmProvider.GITHUB, "https://api.github.com", "a/b", "tok")))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> stranger.getPolicy(project.id()))
                .isInstanceOfSatisfying(VigilApiException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void shouldStoreThePolicyWithDefaults() {
        Project project = project();
        assertThat(tenant.owner().getPolicy(project.id())).isEqualTo(new ProjectPolicy(Severity.HIGH, true));

        tenant.owner().setPolicy(project.id(), new ProjectPolicy(Severity.CRITICAL, false));

        assertThat(tenant.owner().getPolicy(project.id())).isEqualTo(new ProjectPolicy(Severity.CRITICAL, false));
        var raw = tenant.owner().send("PUT", "/v1/projects/" + project.id() + "/policy",
                Map.of("Content-Type", "application/json"),
                "{\"block_severity\":\"urgent\",\"block_on_new_secrets\":\"yes\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(raw.status()).isEqualTo(400);
        assertThat(raw.text()).contains("block_severity").contains("block_on_new_secrets");
    }
}
