package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.CurrentThreadTaskExecutor;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** When the Findings page has a scan to wait for, and so polls: a scan of its scope queued or running. */
class ScanCompletionsTest {

    private static final UUID PAYMENTS = UUID.randomUUID();
    private static final UUID BILLING = UUID.randomUUID();

    @TempDir
    Path home;
    private Session session;
    private final AtomicReference<Optional<UUID>> scope = new AtomicReference<>(Optional.of(PAYMENTS));
    private final AtomicInteger reloads = new AtomicInteger();
    private ScanCompletions completions;

    @BeforeEach
    void create() {
        session = new Session(new Connector(DesktopPaths.under(home)), new CurrentThreadTaskExecutor());
        completions = new ScanCompletions(session, new CurrentThreadTaskExecutor(), scope::get, reloads::incrementAndGet);
    }

    @AfterEach
    void close() {
        session.close();
    }

    private static ScanListItem scan(UUID id, UUID project, ScanStatus status) {
        return new ScanListItem(id, project, "payments", "main", "a".repeat(40), ScanType.SECRETS, status, 0, 0, 0,
                false, Instant.now(), status.isFinished() ? Instant.now() : null);
    }

    @Test
    void shouldNotWaitWhenEveryScanOfTheScopeHasFinished() {
        completions.compare(scope.get(), List.of(scan(UUID.randomUUID(), PAYMENTS, ScanStatus.COMPLETED),
                scan(UUID.randomUUID(), PAYMENTS, ScanStatus.FAILED)));

        assertThat(completions.waitingProperty().get()).isFalse();
        assertThat(reloads).hasValue(0);
    }

    @Test
    void shouldWaitWhileAScanIsQueuedOrRunningAndStopWhenItCompletes() {
        UUID queued = UUID.randomUUID();
        UUID running = UUID.randomUUID();
        completions.compare(scope.get(), List.of(scan(queued, PAYMENTS, ScanStatus.PENDING)));
        assertThat(completions.waitingProperty().get()).isTrue();

        completions.compare(scope.get(), List.of(scan(queued, PAYMENTS, ScanStatus.COMPLETED),
                scan(running, PAYMENTS, ScanStatus.RUNNING)));
        assertThat(completions.waitingProperty().get()).isTrue();
        assertThat(reloads).hasValue(1);

        completions.compare(scope.get(), List.of(scan(queued, PAYMENTS, ScanStatus.COMPLETED),
                scan(running, PAYMENTS, ScanStatus.FAILED)));
        assertThat(completions.waitingProperty().get()).isFalse();
        assertThat(reloads).hasValue(1);
    }

    @Test
    void shouldWaitForTheAppsOwnScanOnlyWhenItIsOfTheShownScope() {
        session.scanSubmitted(BILLING);
        assertThat(completions.waitingProperty().get()).isFalse();

        session.scanSubmitted(PAYMENTS);
        assertThat(completions.waitingProperty().get()).isTrue();
    }

    @Test
    void shouldWaitForAnyScanTheAppSubmitsWhenEveryProjectIsShown() {
        scope.set(Optional.empty());

        session.scanSubmitted(BILLING);

        assertThat(completions.waitingProperty().get()).isTrue();
    }
}
