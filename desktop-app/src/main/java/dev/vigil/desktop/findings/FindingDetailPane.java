package dev.vigil.desktop.findings;

import dev.vigil.desktop.shell.Guarded;
import dev.vigil.desktop.shell.SeverityBadge;
import dev.vigil.model.Finding;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.ScanKind;
import dev.vigil.model.TriageAction;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Every field of the selected finding, the triage actions its role and state allow, and its history. */
final class FindingDetailPane {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final FindingDetailViewModel model;
    private final SeverityBadge severity = new SeverityBadge();
    private final Label title = new Label();
    private final GridPane fields = new GridPane();
    private final HBox decision = new HBox(4);
    private final VBox history = new VBox(4);
    private final VBox content = new VBox(12);
    private final ScrollPane root = new ScrollPane(content);

    private final DecisionLinks links;

    FindingDetailPane(FindingDetailViewModel model, TriagePrompts prompts, DecisionLinks links) {
        this.model = model;
        this.links = links;
        root.setId("finding-detail");
        root.setFitToWidth(true);
        root.getStyleClass().add("finding-detail");
        title.getStyleClass().add("detail-title");
        title.setWrapText(true);
        fields.getStyleClass().add("detail-fields");
        Label message = new Label();
        message.setId("detail-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        Label policy = new Label();
        policy.setId("detail-policy");
        policy.setWrapText(true);
        policy.getStyleClass().add("detail-policy");
        policy.textProperty().bind(model.policySourceProperty());
        policy.visibleProperty().bind(model.policySourceProperty().isNotEmpty());
        policy.managedProperty().bind(policy.visibleProperty());
        Label reason = new Label();
        reason.setId("detail-status-reason");
        reason.setWrapText(true);
        reason.getStyleClass().add("detail-policy");
        reason.textProperty().bind(model.statusReasonProperty());
        reason.visibleProperty().bind(model.statusReasonProperty().isNotEmpty());
        reason.managedProperty().bind(reason.visibleProperty());
        Label historyTitle = new Label("History");
        historyTitle.getStyleClass().add("detail-section");
        content.getStyleClass().add("detail-content");
        decision.managedProperty().bind(decision.visibleProperty());
        FindingContextView context = new FindingContextView();
        content.getChildren().addAll(new HBox(8, severity, title), actions(prompts), message, policy, reason, decision,
                fields, context, historyTitle, history);
        model.detailProperty().subscribe(context::show);
        model.findingProperty().subscribe(this::show);
        model.history().subscribe(this::showHistory);
    }

    Node root() {
        return root;
    }

    private Node actions(TriagePrompts prompts) {
        FlowPane actions = new FlowPane(6, 6);
        actions.getStyleClass().add("detail-actions");
        for (TriageAction action : TriageAction.values()) {
            Button button = new Button(TriageRules.label(action));
            button.setId("detail-" + action.wire());
            button.setOnAction(event -> prompts.triage(action, 1, model::apply));
            actions.getChildren().add(new Guarded(button, model.refusalOf(action)));
        }
        Button assign = new Button("Assign…", new FontIcon(Feather.USER));
        assign.setId("detail-assign");
        assign.setOnAction(event -> prompts.assign(1, user -> model.assign(user.map(u -> u.id()).orElse(null))));
        assign.disableProperty().bind(model.findingProperty().isNull());
        actions.getChildren().add(assign);
        Button applyTo = new Button("Apply to…", new FontIcon(Feather.LAYERS));
        applyTo.setId("detail-apply-to");
        applyTo.setOnAction(event -> links.applyTo(model.findingProperty().get()));
        actions.getChildren().add(new Guarded(applyTo, model.decisionRefusal()));
        return actions;
    }

    private void show(Finding finding) {
        fields.getChildren().clear();
        decision.getChildren().clear();
        decision.setVisible(false);
        content.setVisible(finding != null);
        if (finding == null) {
            return;
        }
        severity.show(finding.severity());
        title.setText(finding.ruleId() + " · " + finding.status().wire().replace('_', ' '));
        row("Description", finding.description());
        row("Location", finding.location());
        row("Project", finding.projectName());
        row("Scanner", finding.scanType().wire());
        if (finding.scanType() != ScanKind.SCA || finding.isDirect()) {
            // a transitive dependency is fixed as its Remediation says; a finding stored before ADR 0066 may still
            // hold an install command here that would not fix it
            row("Fix", finding.fixAvailable());
        }
        if (finding.scanType() == ScanKind.SCA) {  // a rule or a secret has no dependency to upgrade
            row("Breaking fix", yesNo(finding.isBreaking()));
            row("Direct dependency", yesNo(finding.isDirect()));
        }
        row("CWE", finding.cwe());
        row("Assignee", finding.assignedTo());
        row("SLA deadline", finding.slaDeadline() == null ? "none"
                : TIME.format(finding.slaDeadline()) + (finding.slaBreached() ? " (breached)" : ""));
        row("First seen", TIME.format(finding.firstSeen()));
        row("Last seen", TIME.format(finding.lastSeen()));
        showDecision(finding);
        row("Accepted by", finding.acceptedBy());
        row("Accepted because", finding.acceptedReason());
        row("Accepted until", finding.acceptedUntil() == null ? null : finding.acceptedUntil().toString());
        row("Fingerprint", finding.fingerprint());
        row("ID", finding.id().toString());
    }

    /** Which decision set the status, under the status itself, as a link to it on the Decisions page. */
    private void showDecision(Finding finding) {
        FindingDetailViewModel.decisionOf(finding).ifPresent(id -> {
            Label key = new Label("Status set by");
            key.setMinWidth(Region.USE_PREF_SIZE);
            Hyperlink link = new Hyperlink("decision " + id.toString().substring(0, 8) + "…");
            link.setId("detail-decision-link");
            link.setOnAction(event -> links.open(id));
            decision.getChildren().setAll(key, link);
            decision.setVisible(true);
        });
    }

    private void row(String name, String value) {
        Label key = new Label(name);
        key.getStyleClass().add("detail-key");
        key.setMinWidth(Region.USE_PREF_SIZE);  // the names never shrink into "…"; values wrap instead
        Label text = new Label(value == null || value.isBlank() ? "—" : value);
        text.setWrapText(true);
        text.getStyleClass().add("detail-value");
        fields.addRow(fields.getRowCount(), key, text);
    }

    private void showHistory() {
        history.getChildren().clear();
        for (HistoryEntry entry : model.history()) {
            history.getChildren().add(historyEntry(HistoryText.of(entry)));
        }
        if (history.getChildren().isEmpty()) {
            history.getChildren().add(new Label("No changes yet"));
        }
    }

    /** What happened and who did it; then when and the move between statuses; then the reason, if any. */
    private static Node historyEntry(HistoryText text) {
        Label what = new Label(text.what() + " · " + text.who());
        what.setWrapText(true);
        what.getStyleClass().add("history-what");
        Label when = new Label(text.when() + " · " + text.move());
        when.setWrapText(true);
        when.getStyleClass().add("history-entry");
        VBox entry = new VBox(1, what, when);
        text.reason().ifPresent(reason -> {
            Label why = new Label("“" + reason + "”");
            why.setWrapText(true);
            why.getStyleClass().add("history-reason");
            entry.getChildren().add(why);
        });
        entry.getStyleClass().add("history-item");
        return entry;
    }

    private static String yesNo(boolean value) {
        return value ? "yes" : "no";
    }
}
