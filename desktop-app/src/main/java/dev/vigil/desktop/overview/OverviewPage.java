package dev.vigil.desktop.overview;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** PLACEHOLDER until the Overview view lands. */
public final class OverviewPage implements Page {

    private final Label view = new Label("Overview");

    public OverviewPage(Session session, TaskExecutor tasks) {
        view.setId("page-overview");
    }

    @Override
    public String id() {
        return "overview";
    }

    @Override
    public String title() {
        return "Overview";
    }

    @Override
    public Ikon icon() {
        return Feather.PIE_CHART;
    }

    @Override
    public KeyCombination shortcut() {
        return KeyCombination.keyCombination("Shortcut+1");
    }

    @Override
    public Node view() {
        return view;
    }
}
