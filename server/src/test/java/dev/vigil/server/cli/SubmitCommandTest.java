package dev.vigil.server.cli;

import dev.vigil.client.ScanQuery;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanListItem;
import dev.vigil.server.Main;
import dev.vigil.server.testing.GitHubTokens;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code vigil submit} end to end against a running server: exit codes 0, 1 and 2. */
@VigilServerTest
class SubmitCommandTest {

    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static String ownerKey;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        ownerKey = tenant.ownerKey();
    }

    private record Run(int exit, String out, String err) {
    }

    private static Run submit(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
        Run run = new Run(exit, out.toString(), err.toString());
        assertThat(run.out() + run.err()).doesNotContain(ownerKey);
        return run;
    }

    private List<String> common(Project project) {
        return new ArrayList<>(List.of("submit", "--server", server.server().uri().toString(), "--api-key", ownerKey,
                "--project", project.id().toString(), "--dir", dir.toString(), "--scan-type", "secrets",
                "--timeout", "PT60S"));
    }

    private static String githubToken() {
        return GitHubTokens.random(new Random(11));
    }

    @Test
    void shouldExitZeroWhenNotBlockedAndWriteTheSarif() throws IOException {
        Project project = tenant.owner().createProject(new NewProject("clean-" + UUID.randomUUID(), "main"));
        Files.writeString(dir.resolve("app.py"), "print('hello')\n");
        Path sarif = dir.resolve("out").resolve("vigil.sarif");
        Files.createDirectories(sarif.getParent());
        List<String> args = common(project);
        args.addAll(List.of("--branch", "main", "--commit", "c".repeat(40), "--sarif", sarif.toString()));

        Run run = submit(args.toArray(String[]::new));

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("completed").contains("not blocked").contains("critical");
        assertThat(run.err()).contains("vigil: scan completed");
        assertThat(Files.readString(sarif)).contains("\"version\" : \"2.1.0\"");
    }

    @Test
    void shouldExitOneWhenThePullRequestIsBlocked() throws Exception {
        Project project = tenant.owner().createProject(new NewProject("blocked-" + UUID.randomUUID(), "main"));
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo);
        git(repo, "init", "-q", "-b", "main");
        Files.writeString(repo.resolve("README.md"), "hello\n");
        git(repo, "add", ".");
        git(repo, "-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-m", "base");
        git(repo, "checkout", "-q", "-b", "feature/leak");
        Files.writeString(repo.resolve("leak.env"), "TOKEN=" + githubToken() + "\n");
        git(repo, "add", ".");
        git(repo, "-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-m", "leak");

        Run run = submit("submit", "--server", server.server().uri().toString(), "--api-key", ownerKey,
                "--project", project.id().toString(), "--dir", repo.toString(), "--scan-type", "secrets",
                "--pr", "8", "--base", "main", "--timeout", "PT60S");

        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.out()).contains("BLOCKED").contains("introduced").contains("pull request #8");
        ScanListItem item = tenant.owner().listScans(ScanQuery.all().withProject(project.id())).data().getFirst();
        ScanDetail detail = tenant.owner().getScan(item.id());
        assertThat(detail.branch()).isEqualTo("feature/leak");
        assertThat(detail.changedFiles()).containsExactly("leak.env");
        assertThat(detail.commitHash()).hasSize(40);
    }

    @Test
    void shouldExitTwoOnErrorsWithoutPrintingTheKey() throws IOException {
        Project project = tenant.owner().createProject(new NewProject("errors-" + UUID.randomUUID(), "main"));
        Files.writeString(dir.resolve("a.txt"), "a\n");

        Run badKey = submit("submit", "--server", server.server().uri().toString(), "--api-key",
                "vgl_live_" + "x".repeat(40), "--project", project.id().toString(), "--dir", dir.toString(),
                "--branch", "main", "--commit", "d".repeat(40));
        assertThat(badKey.exit()).isEqualTo(2);
        assertThat(badKey.err()).contains("401").doesNotContain("x".repeat(40));

        List<String> unreachable = new ArrayList<>(List.of("submit", "--server", "http://127.0.0.1:1",
                "--api-key", ownerKey, "--project", project.id().toString(), "--dir", dir.toString(),
                "--branch", "main", "--commit", "d".repeat(40), "--retries", "0"));
        assertThat(submit(unreachable.toArray(String[]::new)).exit()).isEqualTo(2);

        List<String> noProject = common(project);
        noProject.set(noProject.indexOf("--project") + 1, UUID.randomUUID().toString());
        noProject.addAll(List.of("--branch", "main", "--commit", "d".repeat(40)));
        Run missing = submit(noProject.toArray(String[]::new));
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("project_id");
    }

    private static void git(Path repo, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(output).isZero();
    }
}
