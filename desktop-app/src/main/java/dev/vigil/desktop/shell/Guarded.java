package dev.vigil.desktop.shell;

import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;

/**
 * A control that may be refused: disabled with a tooltip that says why. A disabled node receives no mouse
 * events, so the tooltip sits on a wrapper around it.
 */
public final class Guarded extends StackPane {

    private final Tooltip tooltip = new Tooltip();
    /** Held: a binding is only weakly referenced by what it observes, and would otherwise be collected. */
    private final ObservableValue<String> refusal;

    /** {@code refusal} is the reason the control is refused, or empty/null when it is allowed. */
    public Guarded(Node control, ObservableValue<String> refusal) {
        this.refusal = refusal;
        getChildren().add(control);
        this.refusal.subscribe(reason -> {
            boolean refused = reason != null && !reason.isEmpty();
            control.setDisable(refused);
            tooltip.setText(refused ? reason : "");
            Tooltip.install(this, tooltip);
            if (!refused) {
                Tooltip.uninstall(this, tooltip);
            }
        });
    }

    /** Why the control is refused; empty when it is allowed. */
    public String reason() {
        return tooltip.getText();
    }
}
