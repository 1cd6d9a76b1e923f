package dev.vigil.desktop.scans;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** PLACEHOLDER until the Scans view lands. */
public final class ScansPage implements Page {

    private final Label view = new Label("Scans");

    public ScansPage(Session session, TaskExecutor tasks) {
        view.setId("page-scans");
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
}
