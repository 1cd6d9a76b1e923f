package dev.vigil.desktop.shell;

import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/** What a page shows when it has nothing to show: an icon, a title and what to do next. */
public final class EmptyState extends VBox {

    private final Label title = new Label();
    private final Label hint = new Label();

    public EmptyState(Ikon icon, String title, String hint) {
        getStyleClass().add("empty-state");
        this.title.getStyleClass().add("title");
        this.hint.getStyleClass().add("page-subtitle");
        this.hint.setWrapText(true);
        getChildren().addAll(new FontIcon(icon), this.title, this.hint);
        show(title, hint);
    }

    public void show(String titleText, String hintText) {
        title.setText(titleText);
        hint.setText(hintText);
    }
}
