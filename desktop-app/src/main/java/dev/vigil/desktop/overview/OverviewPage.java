package dev.vigil.desktop.overview;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.Page;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.FindingFilter;
import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

import java.util.function.Consumer;

/** Overview: metric cards and charts of the findings, of the whole tenant or one project. */
public final class OverviewPage implements Page {

    private final OverviewViewModel model;
    private final OverviewView view;

    public OverviewPage(Session session, TaskExecutor tasks) {
        this.model = new OverviewViewModel(session, tasks);
        this.view = new OverviewView(model);
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

    /** What "Scan a folder…" on the empty overview does. */
    public void onScanAFolder(Runnable scan) {
        view.onScanAFolder(scan);
    }

    /** Where a click on a chart leads: the Findings page, filtered to the slice's or the bar's findings. */
    public void onDrillDown(Consumer<FindingFilter> then) {
        view.onDrillDown(then);
    }

    @Override
    public void shown() {
        model.refresh();
    }
}
