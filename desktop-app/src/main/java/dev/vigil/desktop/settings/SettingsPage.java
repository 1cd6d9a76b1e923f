package dev.vigil.desktop.settings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** PLACEHOLDER until the Settings view lands. */
public final class SettingsPage implements Page {

    private final Label view = new Label("Settings");

    public SettingsPage(Session session, TaskExecutor tasks) {
        view.setId("page-settings");
    }

    @Override
    public String id() {
        return "settings";
    }

    @Override
    public String title() {
        return "Settings";
    }

    @Override
    public Ikon icon() {
        return Feather.SETTINGS;
    }

    @Override
    public KeyCombination shortcut() {
        return KeyCombination.keyCombination("Shortcut+COMMA");
    }

    @Override
    public Node view() {
        return view;
    }
}
