package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/**
 * The Findings page. Its shortcuts (Ctrl+F search, Ctrl+A select all, Ctrl+E export, Ctrl+R refresh, Esc
 * clear the selection) go on the scene when the page is first shown and act only while it is shown.
 */
public final class FindingsPage implements Page {

    private static final KeyCombination SEARCH = KeyCombination.keyCombination("Shortcut+F");
    private static final KeyCombination SELECT_ALL = KeyCombination.keyCombination("Shortcut+A");
    private static final KeyCombination EXPORT = KeyCombination.keyCombination("Shortcut+E");
    private static final KeyCombination REFRESH = KeyCombination.keyCombination("Shortcut+R");

    private final FindingsView view;
    private final EventHandler<KeyEvent> shortcuts = this::shortcut;
    private Scene withShortcuts;

    public FindingsPage(Session session, TaskExecutor tasks) {
        this(session, tasks, FileChoice.dialog());
    }

    public FindingsPage(Session session, TaskExecutor tasks, FileChoice files) {
        view = new FindingsView(session, tasks, files);
    }

    @Override
    public String id() {
        return "findings";
    }

    @Override
    public String title() {
        return "Findings";
    }

    @Override
    public Ikon icon() {
        return Feather.ALERT_TRIANGLE;
    }

    @Override
    public KeyCombination shortcut() {
        return KeyCombination.keyCombination("Shortcut+2");
    }

    @Override
    public Node view() {
        return view.root();
    }

    @Override
    public void shown() {
        view.lookForCompletedScans();  // a scan run from the Scans page shows as soon as this page does
        Scene scene = view.root().getScene();
        if (scene != null && scene != withShortcuts) {
            if (withShortcuts != null) {
                withShortcuts.removeEventFilter(KeyEvent.KEY_PRESSED, shortcuts);
            }
            scene.addEventFilter(KeyEvent.KEY_PRESSED, shortcuts);
            withShortcuts = scene;
        }
    }

    public FindingsView findings() {
        return view;
    }

    private void shortcut(KeyEvent event) {
        if (view.root().getScene() != event.getSource()) {
            return;  // another page is shown
        }
        boolean typing = event.getTarget() instanceof TextInputControl;
        if (SEARCH.match(event)) {
            view.focusSearch();
        } else if (EXPORT.match(event)) {
            view.export();
        } else if (REFRESH.match(event)) {
            view.refresh();
        } else if (SELECT_ALL.match(event) && !typing) {
            view.selectAllLoaded();
        } else if (event.getCode() == KeyCode.ESCAPE && !typing) {
            view.clearSelection();
        } else {
            return;
        }
        event.consume();
    }
}
