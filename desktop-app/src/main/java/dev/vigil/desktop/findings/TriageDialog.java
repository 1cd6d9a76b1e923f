package dev.vigil.desktop.findings;

import dev.vigil.model.TriageAction;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DateCell;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.function.Consumer;

/**
 * Asks what an action needs before it is sent: a reason for accept and false positive, and for accept the
 * date the acceptance ends (a future date at most one year ahead, as the server requires).
 */
final class TriageDialog {

    private TriageDialog() {
    }

    /** Hands {@code then} the action with its fields, at once for actions that need none; nothing on cancel. */
    static void ask(Window owner, TriageAction action, int count, Consumer<TriageInput> then) {
        if (!action.requiresReason() && !action.requiresAcceptedUntil()) {
            then.accept(TriageInput.of(action));
            return;
        }
        LocalDate today = LocalDate.now(ZoneOffset.UTC);  // the server checks the date in UTC
        TextArea reason = new TextArea();
        reason.setId("triage-reason");
        reason.setPromptText("Why (kept in the history)");
        reason.setPrefRowCount(3);
        reason.setWrapText(true);
        DatePicker until = new DatePicker(today.plusDays(90));
        until.setId("triage-until");
        until.setDayCellFactory(picker -> new DateCell() {
            @Override
            public void updateItem(LocalDate date, boolean empty) {
                super.updateItem(date, empty);
                setDisable(empty || !TriageRules.acceptableUntil(date, today));
            }
        });
        VBox form = new VBox(8, new Label("Reason"), reason);
        form.getStyleClass().add("triage-form");
        if (action.requiresAcceptedUntil()) {
            form.getChildren().addAll(new Label("Accepted until (at most " + TriageRules.latestAcceptance(today) + ")"), until);
        }
        Dialog<TriageInput> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(TriageRules.label(action));
        dialog.setHeaderText(TriageRules.label(action) + ": " + String.format("%,d", count)
                + (count == 1 ? " finding" : " findings"));
        dialog.getDialogPane().setId("triage-dialog");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Node ok = dialog.getDialogPane().lookupButton(ButtonType.OK);
        ok.setId("triage-confirm");
        ok.disableProperty().bind(Bindings.createBooleanBinding(() -> reason.getText().isBlank()
                        || action.requiresAcceptedUntil() && !TriageRules.acceptableUntil(until.getValue(), today),
                reason.textProperty(), until.valueProperty()));
        dialog.setResultConverter(button -> button == ButtonType.OK ? new TriageInput(action, reason.getText().strip(),
                action.requiresAcceptedUntil() ? until.getValue() : null) : null);
        dialog.setOnHidden(event -> {
            if (dialog.getResult() != null) {
                then.accept(dialog.getResult());
            }
        });
        dialog.show();
        reason.requestFocus();
    }
}
