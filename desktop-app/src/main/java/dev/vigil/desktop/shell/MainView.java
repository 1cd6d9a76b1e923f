package dev.vigil.desktop.shell;

import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.Session;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The window's frame: navigation on the left, the current page in the middle, the connection below. */
public final class MainView {

    private final Session session;
    private final Map<String, ToggleButton> buttons = new LinkedHashMap<>();
    private final Map<String, StringProperty> refusals = new LinkedHashMap<>();
    private final StackPane content = new StackPane();
    private final BorderPane root = new BorderPane();
    private final List<Page> pages;
    private Page current;

    public MainView(Session session, List<Page> pages) {
        this.session = session;
        this.pages = List.copyOf(pages);
        root.getStyleClass().add("vigil-root");
        root.setLeft(navigation());
        root.setCenter(content);
        root.setBottom(statusBar());
        root.setTop(new KeyRefusedBar(session));
        content.getStyleClass().add("page-area");
        session.connectionProperty().subscribe(this::applyRole);
        // pages load their data when shown: at a new connection only the page on screen loads again
        session.connectionProperty().addListener((observable, was, now) -> {
            if (current != null && now != null) {
                current.shown();
            }
        });
        session.darkThemeProperty().subscribe(dark -> {
            if (root.getScene() != null) {
                Theme.apply(root.getScene(), dark);
            }
        });
    }

    public BorderPane root() {
        return root;
    }

    /** Installs the pages' keyboard shortcuts on the scene. */
    public void installShortcuts(Scene scene) {
        for (Page page : pages) {
            scene.getAccelerators().put(page.shortcut(), () -> show(page.id()));
        }
    }

    public void show(String pageId) {
        pages.stream().filter(page -> page.id().equals(pageId)).findFirst().ifPresent(page -> {
            ToggleButton button = buttons.get(page.id());
            if (button.isDisable()) {
                return;
            }
            button.setSelected(true);
            content.getChildren().setAll(page.view());
            current = page;
            page.shown();
        });
    }

    private Node navigation() {
        Label brand = new Label("Vigil", new FontIcon(Feather.SHIELD));
        brand.getStyleClass().add("brand");
        VBox nav = new VBox(brand);
        nav.getStyleClass().add("navigation");
        ToggleGroup group = new ToggleGroup();
        for (Page page : pages) {
            ToggleButton button = new ToggleButton(page.title(), new FontIcon(page.icon()));
            button.setId("nav-" + page.id());
            button.setToggleGroup(group);
            button.setMaxWidth(Double.MAX_VALUE);
            button.setAlignment(Pos.CENTER_LEFT);
            button.setTooltip(new Tooltip(page.title() + " (" + page.shortcut().getDisplayText() + ")"));
            button.setOnAction(event -> show(page.id()));
            buttons.put(page.id(), button);
            StringProperty refusal = new SimpleStringProperty("");
            refusals.put(page.id(), refusal);
            nav.getChildren().add(new Guarded(button, refusal));  // a refused page says why on hover
        }
        group.selectedToggleProperty().addListener((observable, was, now) -> {
            if (now == null && was != null) {
                was.setSelected(true);  // one page is always shown
            }
        });
        return nav;
    }

    private Node statusBar() {
        Label connection = new Label();
        connection.setId("connection-label");
        connection.textProperty().bind(Bindings.createStringBinding(this::connectionText,
                session.connectionProperty(), session.connectingProperty(), session.problemProperty()));
        ProgressIndicator busy = new ProgressIndicator();
        busy.getStyleClass().add("small");
        busy.visibleProperty().bind(session.connectingProperty());
        busy.setPrefSize(14, 14);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button theme = new Button(null, new FontIcon(Feather.MOON));
        theme.setId("theme-toggle");
        theme.setTooltip(new Tooltip("Light or dark theme (Ctrl+Shift+L)"));
        theme.setOnAction(event -> toggleTheme());
        HBox bar = new HBox(8, busy, connection, spacer, theme);
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    public void toggleTheme() {
        session.useDarkTheme(!session.darkThemeProperty().get());
    }

    private String connectionText() {
        Connection current = session.connection();
        if (session.isConnecting()) {
            return "Connecting…";
        }
        if (!session.problemProperty().get().isEmpty()) {
            return session.problemProperty().get();
        }
        return current == null ? "Not connected" : current.label();
    }

    private void applyRole(Connection connection) {
        for (Page page : pages) {
            Optional<String> refusal = connection == null ? Optional.empty() : page.refusal(connection.role());
            refusals.get(page.id()).set(refusal.orElse(""));
        }
    }
}
