package dev.vigil.desktop.decisions;

import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Decision;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.converter.LocalDateStringConverter;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;

/**
 * "Apply to…": a decision for the finding's rule or package, in its project or every project, with the
 * number of findings it would change shown before it is made.
 */
public final class ApplyToDialog {

    private ApplyToDialog() {
    }

    /** Opens the dialog; {@code made} receives the decision once the server made it. */
    public static ApplyToViewModel open(Window owner, Session session, TaskExecutor tasks, Finding finding,
                                        Consumer<Decision> made) {
        ApplyToViewModel model = new ApplyToViewModel(session, tasks, finding);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Apply to…");
        dialog.setHeaderText("A decision for every matching open finding, now and in later scans");
        dialog.getDialogPane().setId("apply-to-dialog");
        dialog.getDialogPane().setContent(form(model));
        ButtonType create = new ButtonType("Make the decision", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(create, ButtonType.CANCEL);
        Node ok = dialog.getDialogPane().lookupButton(create);
        ok.setId("apply-to-confirm");
        ok.disableProperty().bind(model.previewProperty().lessThan(0).or(model.reasonProperty().isEmpty()));
        ok.addEventFilter(javafx.event.ActionEvent.ACTION, event -> {
            event.consume();  // the dialog stays open until the server answers
            model.create();
        });
        model.createdProperty().subscribe(decision -> {
            if (decision != null) {
                dialog.close();
                made.accept(decision);
            }
        });
        dialog.show();
        return model;
    }

    private static VBox form(ApplyToViewModel model) {
        ToggleGroup target = new ToggleGroup();
        RadioButton rule = radio("apply-rule", "Rule " + model.finding().ruleId(), target);
        RadioButton pkg = radio("apply-package", "Package " + model.packageUrl().orElse("(not a dependency)"), target);
        pkg.setDisable(!model.packageAvailable());
        target.selectToggle(rule);
        target.selectedToggleProperty().subscribe(t -> model.targetProperty().set(
                t == pkg ? ApplyToViewModel.Target.PACKAGE : ApplyToViewModel.Target.RULE));
        ToggleGroup reach = new ToggleGroup();
        RadioButton project = radio("apply-project", "In " + model.finding().projectName(), reach);
        RadioButton tenant = radio("apply-tenant", "In every project", reach);
        reach.selectToggle(project);
        reach.selectedToggleProperty().subscribe(t -> model.reachProperty().set(
                t == tenant ? ApplyToViewModel.Reach.TENANT : ApplyToViewModel.Reach.PROJECT));
        ToggleGroup status = new ToggleGroup();
        RadioButton falsePositive = radio("apply-false-positive", "False positive", status);
        RadioButton accepted = radio("apply-accepted", "Accepted until", status);
        status.selectToggle(falsePositive);
        DatePicker until = new DatePicker(LocalDate.now(ZoneOffset.UTC).plusDays(90));
        until.setId("apply-until");
        until.setConverter(new LocalDateStringConverter(DateTimeFormatter.ISO_LOCAL_DATE, DateTimeFormatter.ISO_LOCAL_DATE));
        until.setPromptText("yyyy-MM-dd");  // the app's one date format, not the locale's (2/24/2027)
        until.disableProperty().bind(accepted.selectedProperty().not());
        model.untilProperty().bind(until.valueProperty());
        status.selectedToggleProperty().subscribe(t -> model.statusProperty().set(
                t == accepted ? FindingStatus.ACCEPTED : FindingStatus.FALSE_POSITIVE));
        TextArea reason = new TextArea();
        reason.setId("apply-reason");
        reason.setPromptText("Why (kept with the decision and in each finding's history)");
        reason.setPrefRowCount(3);
        reason.setWrapText(true);
        model.reasonProperty().bind(reason.textProperty());
        Label preview = new Label();
        preview.setId("apply-preview");
        preview.textProperty().bind(Bindings.createStringBinding(() -> {
            int n = model.previewProperty().get();
            return n < 0 ? "Counting the findings it changes…"
                    : "Changes " + n + (n == 1 ? " open finding now" : " open findings now");
        }, model.previewProperty()));
        Label problem = new Label();
        problem.setId("apply-problem");
        problem.getStyleClass().add("error-message");
        problem.setWrapText(true);
        problem.textProperty().bind(model.problemProperty());
        VBox form = new VBox(8, new Label("About"), new VBox(4, rule, pkg), new Label("Where"), new HBox(12, project,
                tenant), new Label("Status"), new HBox(12, falsePositive, accepted, until), new Label("Reason"), reason,
                preview, problem);
        form.getStyleClass().add("triage-form");
        return form;
    }

    private static RadioButton radio(String id, String text, ToggleGroup group) {
        RadioButton button = new RadioButton(text);
        button.setId(id);
        button.setToggleGroup(group);
        return button;
    }
}
