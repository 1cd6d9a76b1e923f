package dev.vigil.desktop.shell;

import atlantafx.base.theme.Styles;
import dev.vigil.desktop.connection.Session;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Across the top of the window while the server refuses the dashboard's key: what happened, that nothing is
 * lost, and for the embedded server the way back (a new key for the same account, never a new tenant).
 */
final class KeyRefusedBar extends HBox {

    KeyRefusedBar(Session session) {
        setId("key-refused");
        getStyleClass().add("key-refused-bar");
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(10);
        Label text = new Label();
        text.setId("key-refused-text");
        text.setWrapText(true);
        text.textProperty().bind(session.problemProperty());
        HBox.setHgrow(text, Priority.ALWAYS);
        Button renew = new Button("Create a new key", new FontIcon(Feather.KEY));
        renew.setId("renew-key");
        renew.getStyleClass().add(Styles.ACCENT);
        renew.setMinWidth(Region.USE_PREF_SIZE);
        renew.disableProperty().bind(session.connectingProperty());
        Label failure = new Label();
        failure.getStyleClass().add("error-message");
        renew.setOnAction(event -> session.renewLocalKey(() -> failure.setText(""), failure::setText));
        getChildren().addAll(new FontIcon(Feather.ALERT_OCTAGON), text, failure, renew);
        session.keyRefusedProperty().subscribe(refused -> {
            setVisible(refused);
            setManaged(refused);
            renew.setVisible(refused && session.canRenewKey());
            renew.setManaged(renew.isVisible());
        });
    }
}
