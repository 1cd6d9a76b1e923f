package dev.vigil.desktop.scans;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import javafx.util.Duration;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** Scans: the list, a scan's detail, and "Scan a folder…" (Ctrl+O while the page is shown). */
public final class ScansPage implements Page {

    private static final KeyCombination SCAN_A_FOLDER = KeyCombination.keyCombination("Shortcut+O");

    private final ScansViewModel model;
    private final ScansView view;
    /** Refreshes the list while a scan is pending or running, on the FX thread; the loading runs off it. */
    private final Timeline polling;

    public ScansPage(Session session, TaskExecutor tasks) {
        this(session, tasks, DirectoryPicker.system());
    }

    public ScansPage(Session session, TaskExecutor tasks, DirectoryPicker picker) {
        this.model = new ScansViewModel(session, tasks);
        this.view = new ScansView(model, picker);
        this.polling = new Timeline(new KeyFrame(Duration.seconds(2), event -> model.refresh()));
        polling.setCycleCount(Timeline.INDEFINITE);
        model.activeProperty().subscribe(active -> {
            if (active) {
                polling.play();
            } else {
                polling.stop();
            }
        });
        view.sceneProperty().subscribe(scene -> {
            if (scene != null) {
                scene.getAccelerators().put(SCAN_A_FOLDER, () -> {
                    if (view.getScene() != null) {   // only while the Scans page is the one shown
                        view.scanAFolder();
                    }
                });
            }
        });
    }

    @Override
    public String id() {
        return "scans";
    }

    @Override
    public String title() {
        return "Scans";
    }

    @Override
    public Ikon icon() {
        return Feather.ACTIVITY;
    }

    @Override
    public KeyCombination shortcut() {
        return KeyCombination.keyCombination("Shortcut+3");
    }

    @Override
    public Node view() {
        return view;
    }

    /** Asks for a folder and opens the scan form with it: "Scan a folder…" wherever it is offered. */
    public void scanAFolder() {
        view.scanAFolder();
    }

    @Override
    public void shown() {
        model.refresh();
    }
}
