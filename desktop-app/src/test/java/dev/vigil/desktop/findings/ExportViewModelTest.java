package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.FindingFilter;
import dev.vigil.model.Json;
import dev.vigil.model.Severity;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

@VigilServerTest
class ExportViewModelTest {

    private static TestServer server;
    private final CurrentThreadTaskExecutor tasks = new CurrentThreadTaskExecutor();

    @TempDir
    Path dir;

    @Test
    void writesTheCsvOfTheCurrentFiltersToTheChosenFile() throws IOException {
        SeededTenant seeded = SeededTenant.with(server, 120);
        Session session = seeded.session(tasks, seeded.ownerKey());
        FindingFilter critical = FindingFilter.none().withSeverities(Set.of(Severity.CRITICAL));
        ExportViewModel export = new ExportViewModel(session, tasks, () -> critical);
        Path target = dir.resolve("findings.csv");

        export.export(target);

        List<String> lines = Files.readAllLines(target, StandardCharsets.UTF_8);
        long expected = seeded.owner().findings().all(critical).count();
        assertThat(lines.getFirst()).startsWith("\uFEFFid,fingerprint,project_name");
        assertThat(lines).hasSize((int) expected + 1);
        assertThat(lines.subList(1, lines.size())).allSatisfy(line -> assertThat(line).contains(",critical,"));
        assertThat(export.bytesProperty().get()).isEqualTo(Files.size(target));
        assertThat(export.messageProperty().get()).isEqualTo("Exported " + String.format("%,d", Files.size(target))
                + " bytes to " + target);
        assertThat(dir.toFile().list()).containsExactly("findings.csv");
    }

    @Test
    void writesJsonForAJsonFile() throws IOException {
        SeededTenant seeded = SeededTenant.with(server, 40);
        ExportViewModel export = new ExportViewModel(seeded.session(tasks, seeded.ownerKey()), tasks, FindingFilter::none);
        Path target = dir.resolve("findings.json");

        export.export(target);

        assertThat(Json.mapper().readTree(target.toFile()).size()).isEqualTo(40);
    }

    @Test
    void explainsTheTenThousandRowLimitAndLeavesNoFile() {
        SeededTenant seeded = SeededTenant.with(server, 10_001);
        ExportViewModel export = new ExportViewModel(seeded.session(tasks, seeded.ownerKey()), tasks, FindingFilter::none);
        Path target = dir.resolve("too-many.csv");

        export.export(target);

        assertThat(export.messageProperty().get()).startsWith("Not exported: an export holds at most 10,000 rows (10001 findings match");
        assertThat(dir.toFile().list()).isEmpty();
    }
}
