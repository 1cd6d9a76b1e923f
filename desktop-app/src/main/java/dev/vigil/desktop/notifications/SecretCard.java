package dev.vigil.desktop.notifications;

import atlantafx.base.theme.Styles;
import dev.vigil.model.CreatedWebhook;
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

/** The one sight of a new webhook's secret: its value, a Copy button, and the warning that it is shown once. */
final class SecretCard extends VBox {

    SecretCard(CreatedWebhook webhook, Runnable done) {
        getStyleClass().add("card");
        setId("webhook-secret-card");
        Label title = new Label("The signing secret of " + webhook.url());
        title.getStyleClass().add(Styles.TITLE_4);
        Label warning = new Label("Copy it to your receiver now: this is the only time it is shown. Each delivery "
                + "carries X-Vigil-Signature, sha256= and the HMAC-SHA256 of the body keyed with this secret.",
                new FontIcon(Feather.ALERT_TRIANGLE));
        warning.getStyleClass().add("warning-message");
        warning.setWrapText(true);
        TextField value = new TextField(webhook.secret());
        value.setId("webhook-secret");
        value.setEditable(false);
        value.getStyleClass().add("secret-value");
        HBox.setHgrow(value, Priority.ALWAYS);
        Label copied = new Label();
        copied.setId("webhook-secret-copied");
        copied.getStyleClass().add("success-message");
        Button copy = new Button("Copy", new FontIcon(Feather.COPY));
        copy.setId("copy-webhook-secret");
        copy.setOnAction(event -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(webhook.secret());
            Clipboard.getSystemClipboard().setContent(content);
            copied.setText("Copied to the clipboard.");
        });
        Button close = new Button("I have copied it");
        close.setId("close-webhook-secret");
        close.getStyleClass().add(Styles.ACCENT);
        close.setOnAction(event -> done.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox actions = new HBox(8, copied, spacer, close);
        actions.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, warning, new HBox(8, value, copy), actions);
    }
}
