package dev.vigil.desktop.shell;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * What a page shows when it has nothing to show: an icon, a title, what to do next and, when given, a button
 * that does it. Only its text and button take clicks: what lies below it stays usable.
 */
public final class EmptyState extends VBox {

    private final Label title = new Label();
    private final Label hint = new Label();
    private final Button action = new Button();

    public EmptyState(Ikon icon, String title, String hint) {
        getStyleClass().add("empty-state");
        this.title.getStyleClass().add("title");
        this.hint.getStyleClass().add("page-subtitle");
        this.hint.setWrapText(true);
        action.getStyleClass().add("accent");
        action.setVisible(false);
        action.managedProperty().bind(action.visibleProperty());
        getChildren().addAll(new FontIcon(icon), this.title, this.hint, action);
        setPickOnBounds(false);
        show(title, hint);
    }

    /** Offers {@code text} as a button (with {@code id}) that runs {@code run}. */
    public void action(String id, String text, Runnable run) {
        action.setId(id);
        action.setText(text);
        action.setOnAction(event -> run.run());
        action.setVisible(true);
    }

    /** Shows or hides the button given to {@link #action}, as what the page shows calls for it. */
    public void actionShown(boolean shown) {
        action.setVisible(shown && action.getOnAction() != null);
    }

    public void show(String titleText, String hintText) {
        title.setText(titleText);
        hint.setText(hintText);
    }
}
