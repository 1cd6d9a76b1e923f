package dev.vigil.desktop.findings;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Node;
import javafx.util.Duration;

/** Looks for completed scans every few seconds while the page is on a shown window. */
final class ScanCompletionsTimer {

    static final Duration EVERY = Duration.seconds(5);

    private ScanCompletionsTimer() {
    }

    static void start(Node page, ScanCompletions completions) {
        Timeline timer = new Timeline(new KeyFrame(EVERY, event -> {
            if (page.getScene() != null && page.getScene().getWindow() != null && page.getScene().getWindow().isShowing()
                    && page.isVisible()) {
                completions.look();
            }
        }));
        timer.setCycleCount(Timeline.INDEFINITE);
        timer.play();
    }
}
