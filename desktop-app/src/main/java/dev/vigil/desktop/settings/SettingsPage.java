package dev.vigil.desktop.settings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** Settings: local or remote server, who the dashboard acts as, the theme. */
public final class SettingsPage implements Page {

    private final SettingsView view;

    public SettingsPage(Session session, TaskExecutor tasks) {
        this.view = new SettingsView(new SettingsViewModel(session, tasks));
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
