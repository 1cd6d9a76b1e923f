package dev.vigil.desktop.shell;

import dev.vigil.model.Severity;
import javafx.scene.control.Label;

import java.util.Locale;

/** A severity as a coloured pill; the colour comes from the stylesheet's {@code .severity-badge.<level>}. */
public final class SeverityBadge extends Label {

    public SeverityBadge() {
        getStyleClass().add("severity-badge");
    }

    public SeverityBadge(Severity severity) {
        this();
        show(severity);
    }

    /** Shows {@code severity}, or nothing for null (an empty table cell). */
    public void show(Severity severity) {
        getStyleClass().removeIf(style -> !style.equals("severity-badge") && !style.equals("label"));
        if (severity == null) {
            setText(null);
            setVisible(false);
            return;
        }
        setVisible(true);
        setText(severity.wire().toUpperCase(Locale.ROOT));
        getStyleClass().add(severity.wire());
    }
}
