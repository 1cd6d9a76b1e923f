package dev.vigil.desktop.findings;

import dev.vigil.model.Finding;
import dev.vigil.model.TriageAction;
import dev.vigil.model.User;
import javafx.scene.Node;

import java.util.List;
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

    /** One finding's action ({@code count} is 1): asks only for the reason and date the action needs. */
    void triage(TriageAction action, int count, Consumer<TriageInput> then) {
        TriageDialog.ask(owner.getScene().getWindow(), TriageQuestion.single(action), then);
    }

    /** A bulk action: confirms how many of {@code targets} it will move, with what it needs. */
    void bulkTriage(TriageAction action, List<Finding> targets, Consumer<TriageInput> then) {
        TriageDialog.ask(owner.getScene().getWindow(), TriageQuestion.bulk(action, targets), then);
    }

    void assign(int count, Consumer<Optional<User>> then) {
        AssignDialog.ask(owner.getScene().getWindow(), choices, count, then);
    }
}
