package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.shell.EmptyState;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingFilter;
import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;

import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/** The Findings page: filter bar, bulk bar, the table and the selected finding's detail. */
public final class FindingsView {

    /** Grouping folds the loaded rows: it first loads up to this many. */
    static final int GROUPED_ROWS = 1_000;

    /** The detail pane's least width: below it, its values wrap one word per line. */
    static final double DETAIL_MIN_WIDTH = 300;

    private final VBox root = new VBox();
    private final FindingsViewModel list;
    private final TableView<Finding> table;
    private final FilterBar filterBar;
    private final BulkBar bulkBar;
    private final ExportControl export;
    private final DecisionLinks links;
    private final GroupedFindingsTable grouped;
    private final ScanCompletions completions;
    private final ScanCompletionsTimer completionsTimer;
    private final ToggleButton groupToggle = new ToggleButton("Group by package/rule");
    private final EmptyState empty = new EmptyState(Feather.CHECK_CIRCLE, "No findings match", "");

    public FindingsView(Session session, TaskExecutor tasks, FileChoice files) {
        list = new FindingsViewModel(session, tasks);
        FindingDetailViewModel detail = new FindingDetailViewModel(session, tasks, list::replace);
        BulkTriageViewModel bulk = new BulkTriageViewModel(session, tasks);
        ExportViewModel exports = new ExportViewModel(session, tasks, list.filters()::userFilter);
        TriagePrompts prompts = new TriagePrompts(root, list.choices());
        links = new DecisionLinks(session, tasks, root, this::refresh);
        table = FindingsTable.create(list);
        filterBar = new FilterBar(list.filters(), list.choices());
        bulkBar = new BulkBar(table, list, bulk, prompts);
        export = new ExportControl(exports, files, list.filters());
        table.getSelectionModel().selectedItemProperty().subscribe(detail.findingProperty()::set);
        grouped = new GroupedFindingsTable(list.rows());
        grouped.root().getSelectionModel().selectedItemProperty()
                .subscribe(item -> grouped.selected().ifPresent(detail.findingProperty()::set));
        completions = new ScanCompletions(session, tasks,
                () -> Optional.ofNullable(list.filters().projectProperty().get()), list::reload);
        completionsTimer = ScanCompletionsTimer.start(root, completions);
        list.filters().projectProperty().addListener((observable, was, now) -> completions.look());
        root.setId("page-findings");
        root.getStyleClass().addAll("page", "findings-page");
        Node detailPane = new FindingDetailPane(detail, prompts, links).root();
        if (detailPane instanceof Region region) {
            region.setMinWidth(DETAIL_MIN_WIDTH);  // narrower, its values wrap one word per line
        }
        SplitPane split = new SplitPane(tableArea(), detailPane);
        SplitPane.setResizableWithParent(detailPane, false);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.7);
        VBox.setVgrow(split, Priority.ALWAYS);
        Label error = new Label();
        error.setId("findings-error");
        error.getStyleClass().add("error-message");
        error.textProperty().bind(list.errorProperty());
        error.visibleProperty().bind(list.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        root.getChildren().addAll(header(), filterBar.root(), bulkBar.root(), error, split);
    }

    public Parent root() {
        return root;
    }

    /** What "Scan a folder…" in the empty list does. */
    public void onScanAFolder(Runnable scan) {
        empty.action("findings-scan-folder", "Scan a folder…", scan);
        empty.actionShown(list.errorProperty().get().isEmpty());
    }

    /** Shows the findings of {@code filter} (a drill-down from the Overview): the filter bar shows it too. */
    public void show(FindingFilter filter) {
        filterBar.show(filter);
    }

    /** Where a finding's link to the decision that set its status leads (the Decisions page). */
    public void onOpenDecision(Consumer<UUID> open) {
        links.onOpenDecision(open);
    }

    public FindingsViewModel model() {
        return list;
    }

    TableView<Finding> table() {
        return table;
    }

    GroupedFindingsTable grouped() {
        return grouped;
    }

    /** Looks for completed scans of the shown scope now (the timer looks every few seconds while one runs). */
    void lookForCompletedScans() {
        completions.look();
    }

    /** True while the page polls for a scan of the shown scope to complete. */
    boolean pollingForScans() {
        return completionsTimer.running();
    }

    ScanCompletions completions() {
        return completions;
    }

    void focusSearch() {
        filterBar.search().requestFocus();
        filterBar.search().selectAll();
    }

    void selectAllLoaded() {
        table.getSelectionModel().selectAll();
        table.requestFocus();
    }

    void export() {
        export.export();
    }

    void refresh() {
        list.reload();
    }

    void clearSelection() {
        table.getSelectionModel().clearSelection();
    }

    private HBox header() {
        Label title = new Label("Findings");
        title.getStyleClass().add("page-title");
        title.setMinWidth(Region.USE_PREF_SIZE);  // at 1024 px the toolbar gives way, not the title
        groupToggle.setId("group-toggle");
        groupToggle.setTooltip(new Tooltip("Fold the loaded findings of one package line, or of one rule in one file, "
                + "under one row"));
        groupToggle.selectedProperty().subscribe(on -> {
            if (on) {
                list.loadUpTo(GROUPED_ROWS, () -> { });
            }
        });
        Label counts = new Label();
        counts.setId("findings-counts");
        counts.textProperty().bind(list.countsProperty());
        Label busy = new Label("Loading…");  // not an animated spinner: it would repaint the window every frame
        busy.setId("findings-loading");
        busy.getStyleClass().add("page-subtitle");
        busy.visibleProperty().bind(list.loadingProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(12, title, groupToggle, spacer, busy, counts, export.root());
        header.getStyleClass().add("toolbar-row");
        return header;
    }

    private StackPane tableArea() {
        empty.setId("findings-empty");
        empty.visibleProperty().bind(Bindings.isEmpty(list.rows()).and(list.loadingProperty().not()));
        list.errorProperty().subscribe(problem -> {
            empty.show(problem.isEmpty() ? "No findings match" : "Could not load findings",
                    problem.isEmpty() ? "Change or clear the filters, or scan a folder." : problem);
            empty.actionShown(problem.isEmpty());
        });
        table.setPlaceholder(new Label(""));
        table.visibleProperty().bind(groupToggle.selectedProperty().not());
        grouped.root().visibleProperty().bind(groupToggle.selectedProperty());
        grouped.root().setPlaceholder(new Label(""));
        return new StackPane(table, grouped.root(), empty);
    }
}
