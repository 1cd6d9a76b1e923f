package dev.vigil.desktop.findings;

import dev.vigil.desktop.shell.Guarded;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;

/** Wraps a control in {@link Guarded}, keeping its refusal binding alive as long as the control. */
final class Guards {

    private Guards() {
    }

    /**
     * A binding is only weakly referenced by what it observes, and {@code Guarded} only subscribes to it: without
     * a strong reference a fresh binding is collected and the control stops following it.
     */
    static Guarded guard(Node control, ObservableValue<String> refusal) {
        control.getProperties().put(Guards.class, refusal);
        return new Guarded(control, refusal);
    }
}
