package dev.vigil.desktop.overview;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.Locale;

/** One figure with its label; {@code :alert} when a figure that should be zero is not. */
final class MetricCard extends VBox {

    private static final PseudoClass ALERT = PseudoClass.getPseudoClass("alert");

    private final Label value = new Label("–");

    MetricCard(String id, String label) {
        setId(id);
        getStyleClass().addAll("card", "metric-card");
        value.setId(id + "-value");
        value.getStyleClass().add("metric-value");
        Label caption = new Label(label);
        caption.getStyleClass().add("metric-label");
        getChildren().addAll(value, caption);
        HBox.setHgrow(this, Priority.ALWAYS);
        setMaxWidth(Double.MAX_VALUE);
    }

    void show(long figure, boolean alertWhenNotZero) {
        value.setText(String.format(Locale.ROOT, "%,d", figure));
        pseudoClassStateChanged(ALERT, alertWhenNotZero && figure > 0);
    }
}
