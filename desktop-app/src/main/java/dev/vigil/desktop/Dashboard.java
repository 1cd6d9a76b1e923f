package dev.vigil.desktop;

import dev.vigil.desktop.connection.RefusedKeyWatch;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.decisions.DecisionsPage;
import dev.vigil.desktop.findings.FindingsPage;
import dev.vigil.desktop.keys.KeysPage;
import dev.vigil.desktop.notifications.NotificationsPage;
import dev.vigil.desktop.overview.OverviewPage;
import dev.vigil.desktop.scans.DirectoryPicker;
import dev.vigil.desktop.scans.ScansPage;
import dev.vigil.desktop.settings.SettingsPage;
import dev.vigil.desktop.shell.MainView;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.shell.Theme;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.util.List;

/** The whole dashboard for one session: its pages in the shell, in a window. Tests build it as the app does. */
public final class Dashboard {

    private final Session session;
    private final MainView main;
    private Runnable afterFirstPage = () -> {
    };

    public Dashboard(Session session, TaskExecutor tasks) {
        this(session, tasks, DirectoryPicker.system());
    }

    /** {@code folders} asks which folder to scan: the system's chooser in the app, a fixed folder in tests. */
    public Dashboard(Session session, TaskExecutor ui, DirectoryPicker folders) {
        this.session = session;
        // a key revoked elsewhere while the app runs: one offer of a new key, not a failing page each
        TaskExecutor tasks = new RefusedKeyWatch(session, ui);
        FindingsPage findings = new FindingsPage(session, tasks);
        reportFirstPage(findings);
        DecisionsPage decisions = new DecisionsPage(session, tasks);
        OverviewPage overview = new OverviewPage(session, tasks);
        ScansPage scans = new ScansPage(session, tasks, folders);
        List<Page> pages = List.of(
                overview,
                findings,
                scans,
                new KeysPage(session, tasks),
                decisions,
                new NotificationsPage(session, tasks),
                new SettingsPage(session, tasks));
        this.main = new MainView(session, pages);
        findings.findings().onOpenDecision(id -> {
            decisions.focus(id);
            main.show(decisions.id());
        });
        leadFromEmptyPages(overview, findings, scans);
    }

    /** The empty Overview and Findings offer "Scan a folder…"; the Overview's charts open the Findings filtered. */
    private void leadFromEmptyPages(OverviewPage overview, FindingsPage findings, ScansPage scans) {
        Runnable scanAFolder = () -> {
            main.show(scans.id());
            scans.scanAFolder();
        };
        overview.onScanAFolder(scanAFolder);
        findings.findings().onScanAFolder(scanAFolder);
        overview.onDrillDown(filter -> {
            findings.findings().show(filter);
            main.show(findings.id());
        });
    }

    /** Logs once how long after launch the first findings page was on screen: the start-up figure users feel. */
    private void reportFirstPage(FindingsPage findings) {
        findings.findings().model().loadingProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> loading, Boolean was, Boolean now) {
                if (was && !now) {
                    loading.removeListener(this);
                    LoggerFactory.getLogger(Dashboard.class).info("first findings page on screen {} ms after launch",
                            ManagementFactory.getRuntimeMXBean().getUptime());
                    afterFirstPage.run();
                }
            }
        });
    }

    /** Runs {@code action} on the FX thread once the first findings page is on screen. */
    public void afterFirstPage(Runnable action) {
        afterFirstPage = action;
    }

    public MainView main() {
        return main;
    }

    public void show(Stage stage) {
        Scene scene = new Scene(main.root(), 1360, 860);
        Theme.apply(scene, session.settings().darkTheme());
        main.installShortcuts(scene);
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+Shift+L"), main::toggleTheme);
        stage.setTitle("Vigil");
        stage.getIcons().add(new Image(Dashboard.class.getResourceAsStream("/dev/vigil/desktop/vigil-icon.png")));
        stage.setScene(scene);
        stage.setMinWidth(960);
        stage.setMinHeight(600);
        main.show("findings");
        stage.show();
    }
}
