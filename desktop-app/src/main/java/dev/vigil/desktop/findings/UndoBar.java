package dev.vigil.desktop.findings;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The bar that offers to undo the last bulk status action for {@link #WINDOW_SECONDS} seconds, counting down;
 * then the undo is let go (docs/adr/0060-triage-undo-first-launch-and-platform.md).
 */
final class UndoBar extends HBox {

    static final int WINDOW_SECONDS = 10;

    private final Label what = new Label();
    private final Label remaining = new Label();
    private final Timeline countdown = new Timeline();
    private int left;

    UndoBar(BulkTriageViewModel bulk, Runnable afterUndo) {
        super(8);
        setId("undo-bar");
        getStyleClass().add("undo-bar");
        setAlignment(Pos.CENTER_LEFT);
        what.setId("undo-what");
        remaining.setId("undo-remaining");
        remaining.getStyleClass().add("page-subtitle");
        Button undo = new Button("Undo", new FontIcon(Feather.ROTATE_CCW));
        undo.setId("undo-button");
        undo.setOnAction(event -> {
            countdown.stop();
            bulk.undo(afterUndo);
        });
        getChildren().addAll(what, undo, remaining);
        countdown.getKeyFrames().add(new KeyFrame(Duration.seconds(1), event -> tick(bulk)));
        countdown.setCycleCount(WINDOW_SECONDS);
        managedProperty().bind(visibleProperty());
        bulk.undoProperty().subscribe(plan -> {
            countdown.stop();
            setVisible(plan != null);
            if (plan != null) {
                what.setText(plan.description() + ": " + String.format("%,d", plan.findings())
                        + (plan.findings() == 1 ? " finding changed" : " findings changed"));
                left = WINDOW_SECONDS;
                remaining.setText(left + " s");
                countdown.playFromStart();
            }
        });
    }

    private void tick(BulkTriageViewModel bulk) {
        left--;
        remaining.setText(left + " s");
        if (left <= 0) {
            bulk.dismissUndo();
        }
    }
}
