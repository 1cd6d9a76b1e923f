package dev.vigil.desktop.keys;

import atlantafx.base.theme.Styles;
import dev.vigil.model.CreatedApiKey;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The one sight of a new key: its value, a Copy button, and the warning that it will not be shown again. */
final class NewKeyCard extends VBox {

    NewKeyCard(CreatedApiKey key, Runnable done) {
        getStyleClass().addAll("card", "modal-card");
        setId("new-key-dialog");
        Label title = new Label("Your new API key “" + key.name() + "”");
        title.getStyleClass().add("modal-title");
        Label warning = new Label("Copy it now: this is the only time it is shown. Vigil keeps only a hash "
                + "of it and cannot show it again.", new FontIcon(Feather.ALERT_TRIANGLE));
        warning.getStyleClass().add("warning-message");
        warning.setWrapText(true);
        TextField value = new TextField(key.key());
        value.setId("new-key-value");
        value.setEditable(false);
        value.getStyleClass().add("secret-value");
        HBox.setHgrow(value, Priority.ALWAYS);
        Label copied = new Label();
        copied.setId("new-key-copied");
        copied.getStyleClass().add("success-message");
        Button copy = new Button("Copy", new FontIcon(Feather.COPY));
        copy.setId("copy-key");
        copy.setOnAction(event -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(key.key());
            Clipboard.getSystemClipboard().setContent(content);
            copied.setText("Copied to the clipboard.");
        });
        Button close = new Button("I have copied it");
        close.setId("close-new-key");
        close.getStyleClass().add(Styles.ACCENT);
        close.setDefaultButton(true);
        close.setOnAction(event -> done.run());
        HBox actions = new HBox(8, copied, spacer(), close);
        actions.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, warning, new HBox(8, value, copy), actions);
        setPrefWidth(560);
    }

    private static Region spacer() {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        return spacer;
    }
}
