package dev.vigil.desktop.keys;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** Asks before a key is revoked: whatever uses it stops working at once, for good. */
final class RevokeCard extends VBox {

    private static final String THIS_APP = "This is the key this dashboard acts with. Once it is revoked, every "
            + "page fails until the dashboard has another key: with the local server it offers to create one for "
            + "the same account (nothing is lost); with a remote server you enter a new key under Settings. "
            + "This cannot be undone.";

    RevokeCard(KeyRow row, Runnable revoke, Runnable cancel) {
        getStyleClass().addAll("card", "modal-card");
        setId("revoke-dialog");
        Label title = new Label("Revoke “" + row.name() + "”?");
        title.getStyleClass().add("modal-title");
        Label consequence = new Label(row.thisApp() ? THIS_APP : "The key of " + row.owner() + " stops working at "
                + "once: every tool or pipeline that uses it is refused. This cannot be undone.");
        consequence.setId("revoke-consequence");
        consequence.setWrapText(true);
        Button no = new Button("Cancel");
        no.setId("cancel-revoke");
        no.setCancelButton(true);
        no.setOnAction(event -> cancel.run());
        Button yes = new Button(row.thisApp() ? "Revoke this app's key" : "Revoke key");
        yes.setId("confirm-revoke");
        yes.getStyleClass().add(Styles.DANGER);
        yes.setOnAction(event -> revoke.run());
        HBox actions = new HBox(8, no, yes);
        actions.setAlignment(Pos.CENTER_RIGHT);
        getChildren().addAll(title, consequence, actions);
        setPrefWidth(460);
    }
}
