package dev.vigil.desktop.settings;

import atlantafx.base.controls.ToggleSwitch;
import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The settings page: the current connection, switching servers, the theme. */
final class SettingsView extends ScrollPane {

    private final SettingsViewModel model;

    SettingsView(SettingsViewModel model) {
        this.model = model;
        setId("page-settings");
        setFitToWidth(true);
        getStyleClass().add("settings-scroll");
        Label title = new Label("Settings");
        title.getStyleClass().add("page-title");
        Label subtitle = new Label("Which Vigil server this dashboard talks to, and how it looks.");
        subtitle.getStyleClass().add("page-subtitle");
        VBox page = new VBox(new VBox(2, title, subtitle), current(), remote(), local(), appearance());
        page.getStyleClass().addAll("page", "settings-page");
        setContent(page);
    }

    private Node current() {
        GridPane facts = new GridPane();
        facts.getStyleClass().add("settings-facts");
        fact(facts, 0, "Server", "settings-server", model.serverProperty());
        fact(facts, 1, "Location", "settings-location", model.locationProperty());
        fact(facts, 2, "Signed in as", "settings-identity", model.identityProperty());
        fact(facts, 3, "Saved remote key", "settings-saved-key",
                Bindings.when(model.savedKeyProperty().isEmpty()).then("none").otherwise(model.savedKeyProperty()));
        return card("Current connection", facts);
    }

    private Node remote() {
        TextField url = new TextField();
        url.setId("remote-url");
        url.setPromptText("https://vigil.example.com");
        url.textProperty().bindBidirectional(model.remoteUrlProperty());
        PasswordField key = new PasswordField();
        key.setId("remote-key");
        key.setPromptText("API key of that server (vgl_live_…)");
        key.textProperty().bindBidirectional(model.apiKeyProperty());
        HBox.setHgrow(url, Priority.ALWAYS);
        HBox.setHgrow(key, Priority.ALWAYS);
        Button connect = new Button("Connect", new FontIcon(Feather.LINK));
        connect.setId("connect-remote");
        connect.getStyleClass().add(Styles.ACCENT);
        connect.setDefaultButton(true);
        connect.disableProperty().bind(model.busyProperty());
        connect.setOnAction(event -> model.connectRemote());
        ProgressIndicator busy = new ProgressIndicator();
        busy.getStyleClass().add("small");
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(model.busyProperty());
        Label problem = message("settings-problem", "error-message", model.problemProperty());
        Label notice = message("settings-notice", "success-message", model.noticeProperty());
        Label hint = new Label("The key is checked with the server first; it is saved only if the server accepts it.");
        hint.getStyleClass().add("page-subtitle");
        hint.setWrapText(true);
        HBox row = new HBox(8, url, key, connect, busy);
        row.setAlignment(Pos.CENTER_LEFT);
        return card("Use a remote server", hint, row, problem, notice);
    }

    private Node local() {
        Label text = new Label("The embedded server runs inside this app, on this computer only, with its data "
                + "in your home directory.");
        text.getStyleClass().add("page-subtitle");
        text.setWrapText(true);
        Button useLocal = new Button("Use the local server", new FontIcon(Feather.MONITOR));
        useLocal.setId("use-local");
        useLocal.disableProperty().bind(model.localProperty().or(model.busyProperty()));
        useLocal.setOnAction(event -> model.useLocal());
        return card("Use the local server", text, useLocal);
    }

    private Node appearance() {
        ToggleSwitch dark = new ToggleSwitch("Dark theme");
        dark.setId("dark-theme");
        dark.selectedProperty().bindBidirectional(model.darkThemeProperty());
        Label hint = new Label("Also Ctrl+Shift+L, or the moon in the status bar.");
        hint.getStyleClass().add("page-subtitle");
        return card("Appearance", dark, hint);
    }

    private static void fact(GridPane grid, int row, String name, String id, ObservableValue<String> value) {
        Label caption = new Label(name);
        caption.getStyleClass().add("field-label");
        Label shown = new Label();
        shown.setId(id);
        shown.textProperty().bind(value);
        shown.setWrapText(true);
        grid.addRow(row, caption, shown);
    }

    private static Label message(String id, String style, ObservableValue<String> text) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add(style);
        label.setWrapText(true);
        label.textProperty().bind(text);
        label.managedProperty().bind(label.textProperty().isNotEmpty());
        return label;
    }

    private static VBox card(String title, Node... content) {
        Label heading = new Label(title);
        heading.getStyleClass().add(Styles.TITLE_4);
        VBox card = new VBox(heading);
        card.getChildren().addAll(content);
        card.getStyleClass().addAll("card", "settings-card");
        return card;
    }
}
