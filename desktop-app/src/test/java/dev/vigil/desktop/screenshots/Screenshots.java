package dev.vigil.desktop.screenshots;

import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.Connector;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.FxTaskExecutor;
import dev.vigil.desktop.testing.Png;
import dev.vigil.server.testing.TestServer;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Writes {@code docs/screenshots/<name>.png}: the dashboard at 1440×900 (and the Findings at 1024×640) over an in-process server with a
 * seeded tenant, one page at a time. A page that does not exist yet is skipped, so the generator runs
 * whatever pages have landed. Not a test: {@code scripts/screenshots.sh} runs it on the headless platform.
 */
public final class Screenshots {

    private static final int WIDTH = 1440;
    private static final int HEIGHT = 900;
    private static final int NARROW_WIDTH = 1024;
    private static final int NARROW_HEIGHT = 640;

    /** A page to show, the file to write, the theme, and what to do on the page (on the FX thread) first. */
    private record Shot(String page, String file, boolean dark, Consumer<Node> prepare) {
    }

    private static final List<Shot> SHOTS = List.of(
            new Shot("overview", "overview", false, page -> { }),
            new Shot("findings", "findings", false, selectRow(2)),
            new Shot("scans", "scans", false, selectRow(0)),
            new Shot("keys", "keys", false, page -> { }),
            new Shot("keys", "keys-created", false, Screenshots::createKey),
            new Shot("settings", "settings", false, page -> { }),
            new Shot("findings", "findings-dark", true, selectRow(2)));

    private Screenshots() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/screenshots").toAbsolutePath();
        Files.createDirectories(out);
        Path home = Files.createTempDirectory("vigil-screenshots");
        DesktopPaths paths = new DesktopPaths(home.resolve("data"), home.resolve("desktop.json"));
        try (TestServer server = TestServer.start()) {
            System.out.println("Seeding a demo tenant…");
            String key = DemoTenant.seed(server);
            CompletableFuture<Void> started = new CompletableFuture<>();
            Platform.startup(() -> started.complete(null));
            started.get(30, TimeUnit.SECONDS);
            FxTaskExecutor tasks = new FxTaskExecutor();
            Session session = onFx(() -> new Session(new Connector(paths), tasks));
            Dashboard dashboard = onFx(() -> new Dashboard(session, tasks));
            Scene scene = onFx(() -> open(dashboard));
            CompletableFuture<String> connected = new CompletableFuture<>();
            onFx(() -> {
                session.useRemote(server.server().uri(), key, () -> connected.complete(""), connected::complete);
                return null;
            });
            String problem = connected.get(60, TimeUnit.SECONDS);
            if (!problem.isEmpty()) {
                throw new IllegalStateException("the dashboard could not connect: " + problem);
            }
            for (Shot shot : SHOTS) {
                take(shot, dashboard, session, scene, out);
            }
            resize(scene, NARROW_WIDTH, NARROW_HEIGHT);  // the smallest window the dashboard is made for
            take(new Shot("findings", "findings-1024x640", false, selectRow(2)), dashboard, session, scene, out);
            onFx(() -> {
                session.close();
                tasks.close();
                return null;
            });
        } finally {
            Platform.exit();
        }
    }

    private static Scene open(Dashboard dashboard) {
        Stage stage = new Stage();
        dashboard.show(stage);
        stage.setWidth(WIDTH);
        stage.setHeight(HEIGHT);
        return stage.getScene();
    }

    private static void resize(Scene scene, int width, int height) throws Exception {
        onFx(() -> {
            Stage stage = (Stage) scene.getWindow();
            stage.setWidth(width);
            stage.setHeight(height);
            return null;
        });
    }

    private static void take(Shot shot, Dashboard dashboard, Session session, Scene scene, Path out) throws Exception {
        Optional<Node> page = onFx(() -> {
            if (session.darkThemeProperty().get() != shot.dark()) {
                session.useDarkTheme(shot.dark());
            }
            dashboard.main().show(shot.page());
            return Optional.ofNullable(scene.lookup("#page-" + shot.page())).filter(Node::isVisible);
        });
        if (page.isEmpty()) {
            System.out.println("skipped " + shot.file() + ": no page \"" + shot.page() + "\"");
            return;
        }
        settle(page.get());
        onFx(() -> {
            shot.prepare().accept(page.get());
            return null;
        });
        settle(page.get());
        Path file = out.resolve(shot.file() + ".png");
        Png.write(onFx(() -> scene.snapshot(null)), file);
        System.out.println("wrote " + file);
    }

    private static Consumer<Node> selectRow(int row) {
        return page -> firstTable(page).filter(table -> !table.getItems().isEmpty()).ifPresent(table -> {
            table.getSelectionModel().clearAndSelect(Math.min(row, table.getItems().size() - 1));
            table.requestFocus();
        });
    }

    /** Creates a key through the form, so that the shot shows it in its shown-once dialog. */
    private static void createKey(Node page) {
        if (page.lookup("#key-name") instanceof TextField name && page.lookup("#create-key") instanceof Button create) {
            name.setText("CI pipeline – web-storefront");
            create.fire();
        }
    }

    /** Waits (at most 20 s) until the page shows no spinner and its first table, if any, has rows. */
    private static void settle(Node page) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline && !onFx(() -> loaded(page))) {
            Thread.sleep(250);
        }
        Thread.sleep(1_000);  // let the last answers and the layout land
        onFx(() -> null);
    }

    private static boolean loaded(Node page) {
        boolean spinning = page.lookupAll(".progress-indicator").stream()
                .anyMatch(node -> node instanceof ProgressIndicator spinner && spinner.isIndeterminate() && shown(node));
        return !spinning && firstTable(page).map(table -> !table.getItems().isEmpty()).orElse(true);
    }

    private static boolean shown(Node node) {
        for (Node at = node; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static Optional<TableView<?>> firstTable(Node page) {
        return page.lookupAll(".table-view").stream().filter(TableView.class::isInstance)
                .<TableView<?>>map(node -> (TableView<?>) node).filter(Screenshots::shown).findFirst();
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(60, TimeUnit.SECONDS);
    }
}
