package dev.vigil.desktop.findings;

import dev.vigil.model.TriageAction;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DateCell;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.converter.LocalDateStringConverter;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.function.Consumer;

/**
 * Asks what an action needs before it is sent: for a bulk action a confirmation ("Resolve 6 findings?"),
 * a reason for accept and false positive, and for accept the date the acceptance ends (a future date at
 * most one year ahead, as the server requires), written and read as yyyy-MM-dd like every date in the app.
 */
final class TriageDialog {

    static final DateTimeFormatter ISO_DAY = DateTimeFormatter.ISO_LOCAL_DATE;

    private TriageDialog() {
    }

    /** Hands {@code then} the action with its fields, at once when there is nothing to ask; nothing on cancel. */
    static void ask(Window owner, TriageQuestion question, Consumer<TriageInput> then) {
        TriageAction action = question.action();
        if (!question.asks()) {
            then.accept(TriageInput.of(action));
            return;
        }
        LocalDate today = LocalDate.now(ZoneOffset.UTC);  // the server checks the date in UTC
        TextArea reason = new TextArea();
        reason.setId("triage-reason");
        reason.setPromptText("Why (kept in the history)");
        reason.setPrefRowCount(3);
        reason.setWrapText(true);
        DatePicker until = datePicker(today);
        ObjectBinding<LocalDate> typed = Bindings.createObjectBinding(() -> parse(until.getEditor().getText()),
                until.getEditor().textProperty());
        VBox form = new VBox(8, note(question));
        form.getStyleClass().add("triage-form");
        if (action.requiresReason()) {
            form.getChildren().addAll(new Label("Reason"), reason);
        }
        if (action.requiresAcceptedUntil()) {
            Label dateProblem = new Label();
            dateProblem.setId("triage-date-message");
            dateProblem.getStyleClass().add("error-message");
            dateProblem.setWrapText(true);
            dateProblem.textProperty().bind(Bindings.createStringBinding(
                    () -> TriageRules.acceptanceRefusal(typed.get(), today), typed));
            form.getChildren().addAll(new Label("Accepted until, yyyy-MM-dd (at most " + TriageRules.latestAcceptance(today)
                    + ")"), until, dateProblem);
        }
        Dialog<TriageInput> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(TriageRules.label(action));
        dialog.setHeaderText(question.header());
        dialog.getDialogPane().setId("triage-dialog");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Node ok = dialog.getDialogPane().lookupButton(ButtonType.OK);
        ok.setId("triage-confirm");
        ok.disableProperty().bind(Bindings.createBooleanBinding(() -> question.moving() == 0
                        || action.requiresReason() && reason.getText().isBlank()
                        || action.requiresAcceptedUntil() && !TriageRules.acceptableUntil(typed.get(), today),
                reason.textProperty(), typed));
        dialog.setResultConverter(button -> button == ButtonType.OK ? new TriageInput(action,
                action.requiresReason() ? reason.getText().strip() : null,
                action.requiresAcceptedUntil() ? typed.get() : null) : null);
        dialog.setOnHidden(event -> {
            if (dialog.getResult() != null) {
                then.accept(dialog.getResult());
            }
        });
        dialog.show();
        if (action.requiresReason()) {
            reason.requestFocus();
        }
    }

    /** What stays as it is, when some of the chosen findings would not move. */
    private static Label note(TriageQuestion question) {
        Label note = new Label(question.note());
        note.setId("triage-note");
        note.setWrapText(true);
        note.setVisible(!question.note().isEmpty());
        note.setManaged(note.isVisible());
        return note;
    }

    private static DatePicker datePicker(LocalDate today) {
        DatePicker until = new DatePicker();
        until.setId("triage-until");
        until.setConverter(new LocalDateStringConverter(ISO_DAY, ISO_DAY));
        until.setPromptText("yyyy-MM-dd");
        until.setValue(today.plusDays(90));
        until.setDayCellFactory(picker -> new DateCell() {
            @Override
            public void updateItem(LocalDate date, boolean empty) {
                super.updateItem(date, empty);
                setDisable(empty || !TriageRules.acceptableUntil(date, today));
            }
        });
        return until;
    }

    /** The date typed so far, or null when it is not yyyy-MM-dd. */
    static LocalDate parse(String text) {
        try {
            return text == null || text.isBlank() ? null : LocalDate.parse(text.strip(), ISO_DAY);
        } catch (DateTimeParseException notADate) {
            return null;
        }
    }
}
