package dev.vigil.desktop.findings;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Node;
import javafx.util.Duration;

/**
 * Looks for completed scans every few seconds, only while a scan of the shown scope is queued or running
 * ({@link ScanCompletions#waitingProperty()}) and the page is on a shown window; otherwise it does not run.
 */
final class ScanCompletionsTimer {

    static final Duration EVERY = Duration.seconds(5);

    private final Timeline timer;

    private ScanCompletionsTimer(Timeline timer) {
        this.timer = timer;
    }

    static ScanCompletionsTimer start(Node page, ScanCompletions completions) {
        Timeline timer = new Timeline(new KeyFrame(EVERY, event -> {
            if (page.getScene() != null && page.getScene().getWindow() != null && page.getScene().getWindow().isShowing()
                    && page.isVisible()) {
                completions.look();
            }
        }));
        timer.setCycleCount(Animation.INDEFINITE);
        completions.waitingProperty().subscribe(waiting -> {
            if (waiting) {
                timer.play();
            } else {
                timer.stop();
            }
        });
        return new ScanCompletionsTimer(timer);
    }

    /** True while the timer runs: something of the shown scope is queued or running. */
    boolean running() {
        return timer.getStatus() == Animation.Status.RUNNING;
    }
}
