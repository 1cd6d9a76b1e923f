package dev.vigil.desktop.scans;

import dev.vigil.model.PrComment;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanSummary;
import dev.vigil.model.ScanWarning;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.function.Function;

/** The selected scan: what it was, its counts, PR comment, warnings and the results of its SARIF log. */
final class ScanDetailView extends VBox {

    private final Label title = new Label("Select a scan");
    private final Label facts = new Label();
    private final Label counts = new Label();
    private final Label prComment = new Label();
    private final Label policy = new Label();
    private final Label error = new Label();

    ScanDetailView(ScanDetailViewModel model) {
        setId("scan-detail");
        setMinHeight(0);
        getStyleClass().add("scan-detail");
        title.getStyleClass().add("detail-title");
        facts.getStyleClass().add("page-subtitle");
        facts.setWrapText(true);
        counts.setId("scan-counts");
        prComment.setId("pr-comment-status");
        policy.setId("scan-policy");
        policy.textProperty().bind(model.policyProperty());
        error.getStyleClass().add("error-message");
        error.textProperty().bind(model.errorProperty());
        ListView<ScanWarning> warnings = new ListView<>(model.warnings());
        warnings.setId("scan-warnings");
        warnings.getStyleClass().add("scan-warnings");
        warnings.setFixedCellSize(26);
        warnings.setPlaceholder(new Label("No warnings"));
        warnings.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(ScanWarning warning, boolean empty) {
                super.updateItem(warning, empty);
                setText(empty || warning == null ? null : warning.code() + ": " + warning.message()
                        + (warning.path() == null ? "" : " (" + warning.path() + ")"));
            }
        });
        Tab results = new Tab(null, results(model));
        results.textProperty().bind(Bindings.size(model.results()).asString("SARIF results (%d)"));
        Tab warned = new Tab(null, warnings);
        warned.textProperty().bind(Bindings.size(model.warnings()).asString("Warnings (%d)"));
        Tab stale = new Tab(null, staleEntries(model));
        stale.textProperty().bind(Bindings.size(model.staleEntries()).asString("Stale policy entries (%d)"));
        TabPane tabs = new TabPane(results, warned, stale);
        tabs.setId("scan-detail-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setMinHeight(120);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        model.scanProperty().subscribe(scan -> tabs.getSelectionModel().select(
                model.results().isEmpty() && !model.warnings().isEmpty() ? warned : results));
        getChildren().addAll(title, facts, counts, prComment, policy, error, tabs);
        model.scanProperty().subscribe(this::show);
    }

    private void show(ScanDetail scan) {
        if (scan == null) {
            title.setText("Select a scan");
            facts.setText("");
            counts.setText("");
            prComment.setText("");
            return;
        }
        title.setText(scan.projectName() + " · " + scan.branch()
                + (scan.prId() == null ? "" : " · PR #" + scan.prId()));
        facts.setText(scan.status().wire() + " · " + scan.scanType().wire() + " · commit "
                + scan.commitHash().substring(0, Math.min(12, scan.commitHash().length()))
                + " · created " + ScanTable.time(scan.createdAt())
                + (scan.completedAt() == null ? "" : " · completed " + ScanTable.time(scan.completedAt()))
                + (scan.isBlocked() ? " · blocked" : ""));
        counts.setText(counts(scan.summary(), scan));
        prComment.setText(prComment(scan.prComment()));
    }

    private static String counts(ScanSummary summary, ScanDetail scan) {
        if (summary == null) {
            return scan.findingsCount() + " findings";
        }
        return summary.critical() + " critical · " + summary.high() + " high · " + summary.medium() + " medium · "
                + summary.low() + " low · " + summary.info() + " info"
                + optional(summary.introduced(), " introduced") + optional(summary.debt(), " debt")
                + optional(summary.blocking(), " blocking");
    }

    private static String optional(Integer count, String what) {
        return count == null ? "" : " · " + count + what;
    }

    private static String prComment(PrComment comment) {
        if (comment == null) {
            return "PR comment: not requested";
        }
        return "PR comment: " + comment.status().replace('_', ' ')
                + (comment.url() == null ? "" : " · " + comment.url())
                + (comment.error() == null ? "" : " · " + comment.error());
    }

    /** The {@code .vigil.yml} entries that matched nothing in the scan, by line and rule. */
    private static ListView<ScanPolicy.Unmatched> staleEntries(ScanDetailViewModel model) {
        ListView<ScanPolicy.Unmatched> list = new ListView<>(model.staleEntries());
        list.setId("policy-stale");
        list.setFixedCellSize(26);
        list.setPlaceholder(new Label("Every .vigil.yml entry matched a finding"));
        list.setCellFactory(view -> new ListCell<>() {
            @Override
            protected void updateItem(ScanPolicy.Unmatched entry, boolean empty) {
                super.updateItem(entry, empty);
                setText(empty || entry == null ? null
                        : ".vigil.yml line " + entry.line() + " · " + entry.rule() + " · matched no finding");
            }
        });
        return list;
    }

    private static VBox results(ScanDetailViewModel model) {
        Label note = new Label();
        note.setId("sarif-count-note");
        note.setWrapText(true);
        note.getStyleClass().add("page-subtitle");
        note.textProperty().bind(model.resultsNoteProperty());
        note.visibleProperty().bind(model.resultsNoteProperty().isNotEmpty());
        note.managedProperty().bind(note.visibleProperty());
        TableView<SarifResult> table = resultsTable(model);
        VBox.setVgrow(table, Priority.ALWAYS);
        return new VBox(4, note, table);
    }

    private static TableView<SarifResult> resultsTable(ScanDetailViewModel model) {
        TableView<SarifResult> table = new TableView<>(model.results());
        table.setId("sarif-table");
        table.setFixedCellSize(28);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No results"));
        table.getColumns().add(column("Rule", 170, SarifResult::ruleId));
        table.getColumns().add(column("Level", 70, SarifResult::level));
        table.getColumns().add(column("Location", 200, SarifResult::location));
        table.getColumns().add(column("Message", 300, SarifResult::message));
        return table;
    }

    private static TableColumn<SarifResult, String> column(String title, double width,
                                                          Function<SarifResult, String> value) {
        TableColumn<SarifResult, String> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return column;
    }
}
