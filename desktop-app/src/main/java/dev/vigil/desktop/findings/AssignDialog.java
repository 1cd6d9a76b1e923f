package dev.vigil.desktop.findings;

import dev.vigil.model.User;
import javafx.collections.ObservableList;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.ListCell;
import javafx.stage.Window;

import java.util.Optional;
import java.util.function.Consumer;

/** Asks whom to assign findings to; "Unassigned" (an empty choice) removes the assignee. */
final class AssignDialog {

    private AssignDialog() {
    }

    static void ask(Window owner, FilterChoices choices, int count, Consumer<Optional<User>> then) {
        ObservableList<User> users = choices.users();
        ComboBox<User> user = new ComboBox<>();
        user.setId("assign-user");
        user.getItems().add(null);
        user.getItems().addAll(users);
        user.setCellFactory(list -> cell(choices));
        user.setButtonCell(cell(choices));
        user.getSelectionModel().select(users.isEmpty() ? 0 : 1);
        Dialog<Optional<User>> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Assign");
        dialog.setHeaderText("Assign " + String.format("%,d", count) + (count == 1 ? " finding" : " findings"));
        dialog.getDialogPane().setId("assign-dialog");
        dialog.getDialogPane().setContent(user);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(ButtonType.OK).setId("assign-confirm");
        dialog.setResultConverter(button -> button == ButtonType.OK ? Optional.ofNullable(user.getValue()) : null);
        dialog.setOnHidden(event -> {
            if (dialog.getResult() != null) {
                then.accept(dialog.getResult());
            }
        });
        dialog.show();
    }

    private static ListCell<User> cell(FilterChoices choices) {
        return new ListCell<>() {
            @Override
            protected void updateItem(User item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item == null ? "Unassigned" : choices.label(item));
            }
        };
    }
}
