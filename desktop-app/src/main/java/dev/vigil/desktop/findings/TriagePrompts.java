package dev.vigil.desktop.findings;

import dev.vigil.model.TriageAction;
import dev.vigil.model.User;
import javafx.scene.Node;

import java.util.Optional;
import java.util.function.Consumer;

/** Opens the triage and assign dialogs over the page's window. */
final class TriagePrompts {

    private final Node owner;
    private final FilterChoices choices;

    TriagePrompts(Node owner, FilterChoices choices) {
        this.owner = owner;
        this.choices = choices;
    }

    void triage(TriageAction action, int count, Consumer<TriageInput> then) {
        TriageDialog.ask(owner.getScene().getWindow(), action, count, then);
    }

    void assign(int count, Consumer<Optional<User>> then) {
        AssignDialog.ask(owner.getScene().getWindow(), choices, count, then);
    }
}
