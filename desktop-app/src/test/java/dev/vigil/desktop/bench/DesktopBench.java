package dev.vigil.desktop.bench;

import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.findings.FindingFilterModel;
import dev.vigil.desktop.findings.FindingsPage;
import dev.vigil.desktop.findings.FindingsViewModel;
import dev.vigil.desktop.shell.Theme;
import dev.vigil.desktop.task.FxTaskExecutor;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewApiKey;
import dev.vigil.model.NewProject;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.server.testing.FindingSeeder;
import dev.vigil.server.testing.TestServer;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * On-demand benchmark of the dashboard, headless ({@code ./bench desktop [findings]}): {@code vigil desktop}
 * launched as a process to its first findings page ({@link ProcessLaunch}); then, against a real in-process
 * server holding {@code args[0]} findings (default 100,000), a Findings page opened to its first rows and
 * filter changes to the updated table, with the heap after GC. Times end at the first layout pulse that
 * shows the new rows. Not part of the tests.
 */
public final class DesktopBench {

    private static final int FILTER_RUNS = 30;

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("packaged")) {
            ProcessLaunch.measurePackaged(Path.of("installer/target/image/vigil/bin/vigil"),
                    args.length > 1 ? Integer.parseInt(args[1]) : 10);
            return;
        }
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        ProcessLaunch.measure();
        try (TestServer server = TestServer.start()) {
            TestServer.Tenant tenant = server.tenant();
            var project = tenant.owner().createProject(new NewProject("bench", "main"));
            long seeding = System.nanoTime();
            new FindingSeeder(server.server().database(), 7).seed(tenant.id(), project.id(), count, System.currentTimeMillis());
            System.out.printf("seeded %,d findings in %.1f s%n", count, (System.nanoTime() - seeding) / 1e9);
            String key = tenant.owner().createApiKey(new NewApiKey("bench", LocalDate.now().plusDays(7).toString(),
                    tenant.ownerId())).key();
            CompletableFuture<Void> started = new CompletableFuture<>();
            Platform.startup(() -> started.complete(null));
            started.get();
            run(server, key);
        } finally {
            Platform.exit();
        }
    }

    private static void run(TestServer server, String key) throws Exception {
        Path home = Files.createTempDirectory("vigil-bench");
        DesktopPaths paths = new DesktopPaths(home.resolve("data"), home.resolve("desktop.json"));
        long heapBefore = heapAfterGc();
        try (FxTaskExecutor fx = new FxTaskExecutor()) {
            TimingTaskExecutor tasks = new TimingTaskExecutor(fx);
            Connector connector = new Connector(paths);
            FindingsPage[] page = new FindingsPage[1];
            Session first = new Session(connector, tasks);
            long cold = launch(first, tasks, server, key, page);
            Platform.runLater(() -> page[0].view().getScene().getWindow().hide());
            first.close();
            Session session = new Session(connector, tasks);
            long warm = launch(session, tasks, server, key, page);
            System.out.printf("launch to first rows (connect + build + first page + layout): cold JVM %.0f ms, warm JVM %.0f ms%n",
                    cold / 1e6, warm / 1e6);
            System.out.printf("heap after GC: %.1f MB before the page, %.1f MB with it open (the server and its findings "
                    + "share the JVM)%n", heapBefore / 1e6, heapAfterGc() / 1e6);
            filterChanges(page, tasks, session);
            long paging = timed(() -> page[0].findings().model().loadUpTo(10_000, () -> { }), page,
                    filters -> filters.rows().size() >= 10_000);
            System.out.printf("paging to 10,000 loaded rows: %.0f ms; heap after GC %.1f MB%n", paging / 1e6, heapAfterGc() / 1e6);
            session.close();
        }
    }

    /** Filter changes one after the other, each timed to the layout pulse that shows its rows, with a breakdown. */
    private static void filterChanges(FindingsPage[] page, TimingTaskExecutor tasks, Session session) throws Exception {
        List<Consumer<FindingFilterModel>> changes = List.of(
                f -> f.severities().add(Severity.CRITICAL), f -> f.severities().clear(),
                f -> f.statuses().add(FindingStatus.OPEN), f -> f.scanTypeProperty().set(ScanKind.SECRETS),
                f -> f.statuses().clear(), f -> f.scanTypeProperty().set(null),
                f -> f.searchProperty().set("CVE-2021-44228"), f -> f.searchProperty().set(""));  // no typing debounce
        tasks.drain();
        List<Long> times = new ArrayList<>();
        List<Long> arrived = new ArrayList<>();
        long[] changed = new long[1];
        page[0].findings().model().rows().addListener((javafx.collections.ListChangeListener<Object>) c -> {
            if (!c.getList().isEmpty() && changed[0] != 0) {
                arrived.add(System.nanoTime() - changed[0]);
                changed[0] = 0;
            }
        });
        for (int i = 0; i < FILTER_RUNS; i++) {
            Consumer<FindingFilterModel> change = changes.get(i % changes.size());
            times.add(timed(() -> {
                changed[0] = System.nanoTime();
                change.accept(page[0].findings().model().filters());
            }, page, f -> true));
        }
        report("filter change to updated table", times.subList(changes.size(), times.size()));
        report("  of which until the rows reached the FX thread", arrived.subList(changes.size(), arrived.size()));
        List<TimingTaskExecutor.Timing> tasksTimed = tasks.drain();
        report("    waiting for a background thread", tasksTimed.stream().map(TimingTaskExecutor.Timing::queuedNanos).toList());
        report("    fetching the page (HTTP + JSON)", tasksTimed.stream().map(TimingTaskExecutor.Timing::workNanos).toList());
        report("    waiting for the FX thread", tasksTimed.stream().map(TimingTaskExecutor.Timing::handBackNanos).toList());
        report("  of which the server's first page alone", serverOnly(session, changes));
    }

    /** Connects a new session and opens a new window with a new Findings page; the time to its first rows. */
    private static long launch(Session session, TaskExecutor tasks, TestServer server, String key, FindingsPage[] page)
            throws Exception {
        return timed(() -> {
            long start = System.nanoTime();
            session.useRemote(server.server().uri(), key, () -> System.out.printf("  connected after %.0f ms (the "
                    + "answer waits for the FX thread)%n", (System.nanoTime() - start) / 1e6), problem -> {
                throw new IllegalStateException(problem);
            });
            page[0] = new FindingsPage(session, tasks, (owner, name) -> Optional.empty());
            long built = System.nanoTime();
            Stage stage = new Stage();
            stage.setScene(new Scene((Parent) page[0].view(), 1360, 860));
            Theme.apply(stage.getScene(), false);
            stage.show();
            page[0].shown();
            System.out.printf("  page built in %.0f ms, shown in %.0f ms more%n", (built - start) / 1e6,
                    (System.nanoTime() - built) / 1e6);
        }, page, filters -> true);
    }

    /** Runs {@code action} on the FX thread; the time until a layout pulse after the rows are reloaded and {@code done}. */
    private static long timed(Runnable action, FindingsPage[] page,
                              Predicate<FindingsViewModel> done) throws Exception {
        CompletableFuture<Long> shown = new CompletableFuture<>();
        long[] start = new long[1];
        Platform.runLater(() -> {
            start[0] = System.nanoTime();
            action.run();
            Runnable[] pulse = new Runnable[1];
            pulse[0] = () -> {
                var model = page[0].findings().model();
                if (!model.loadingProperty().get() && !model.rows().isEmpty() && done.test(model)) {
                    page[0].view().getScene().removePostLayoutPulseListener(pulse[0]);
                    shown.complete(System.nanoTime() - start[0]);
                }
            };
            page[0].view().getScene().addPostLayoutPulseListener(pulse[0]);
            Platform.requestNextPulse();
        });
        return shown.get(120, TimeUnit.SECONDS);
    }

    /** The same filter changes as a plain client call of the first page: the server's share. */
    private static List<Long> serverOnly(Session session, List<Consumer<FindingFilterModel>> changes) {
        FindingFilterModel filters = new FindingFilterModel();
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < FILTER_RUNS; i++) {
            changes.get(i % changes.size()).accept(filters);
            long start = System.nanoTime();
            session.connection().client().findings().list(filters.userFilter(), 100, null);
            if (i >= changes.size()) {
                times.add(System.nanoTime() - start);
            }
        }
        return times;
    }

    private static void report(String what, List<Long> nanos) {
        List<Long> sorted = nanos.stream().sorted().toList();
        System.out.printf("%s over %d changes: median %.0f ms, p95 %.0f ms, max %.0f ms%n", what, sorted.size(),
                sorted.get(sorted.size() / 2) / 1e6, sorted.get((int) Math.ceil(sorted.size() * 0.95) - 1) / 1e6,
                sorted.getLast() / 1e6);
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
