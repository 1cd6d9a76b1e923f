package dev.vigil.desktop.keys;

import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * A dialog over the page: a dimmed backdrop that takes every click, and one card in the middle. Kept in
 * the page's scene (not a window of its own) so that it shows in the page and in its screenshots.
 */
final class ModalLayer extends StackPane {

    private Runnable onEscape = () -> { };

    ModalLayer() {
        getStyleClass().add("modal-layer");
        setVisible(false);
        setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ESCAPE) {
                onEscape.run();
                event.consume();
            }
        });
    }

    /** Shows {@code card}; Escape runs {@code onEscape}, which is expected to close it. */
    void open(Region card, Runnable onEscape) {
        this.onEscape = onEscape;
        card.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        getChildren().setAll(card);
        setVisible(true);
        card.lookupAll(".button").stream().filter(Node::isFocusTraversable).findFirst().ifPresent(Node::requestFocus);
    }

    void close() {
        getChildren().clear();
        setVisible(false);
        onEscape = () -> { };
    }
}
