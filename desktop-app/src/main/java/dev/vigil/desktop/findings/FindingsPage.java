package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** PLACEHOLDER until the Findings view lands. */
public final class FindingsPage implements Page {

    private final Label view = new Label("Findings");

    public FindingsPage(Session session, TaskExecutor tasks) {
        view.setId("page-findings");
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
        return view;
    }
}
