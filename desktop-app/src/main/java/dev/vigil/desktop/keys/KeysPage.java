package dev.vigil.desktop.keys;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** PLACEHOLDER until the API keys view lands. */
public final class KeysPage implements Page {

    private final Label view = new Label("API keys");

    public KeysPage(Session session, TaskExecutor tasks) {
        view.setId("page-keys");
    }

    @Override
    public String id() {
        return "keys";
    }

    @Override
    public String title() {
        return "API keys";
    }

    @Override
    public Ikon icon() {
        return Feather.KEY;
    }

    @Override
    public KeyCombination shortcut() {
        return KeyCombination.keyCombination("Shortcut+4");
    }

    @Override
    public Node view() {
        return view;
    }
}
