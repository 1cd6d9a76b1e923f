package dev.vigil.server.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class NodeOptionsTest {

    @Test
    void shouldGiveEveryScanTenMinutesByDefault() {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs();

        assertThat(serve.node.settings().scanTimeout()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void shouldTakeTheScanTimeoutOfServeAndWorker() {
        ServeCommand serve = new ServeCommand();
        WorkerCommand worker = new WorkerCommand();
        new CommandLine(serve).parseArgs("--scan-timeout", "PT90S");
        new CommandLine(worker).parseArgs("--scan-timeout", "PT2M");

        assertThat(serve.node.settings().scanTimeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(worker.node.settings().scanTimeout()).isEqualTo(Duration.ofMinutes(2));
    }
}
