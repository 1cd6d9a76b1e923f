package dev.vigil.desktop.notifications;

import atlantafx.base.theme.Styles;
import dev.vigil.model.Project;
import dev.vigil.model.WebhookEvent;
import dev.vigil.model.WebhookFormat;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.ArrayList;
import java.util.List;

/** The URL, the format, the project (or every project) and the events of a new webhook. */
final class WebhookForm extends VBox {

    private final NotificationsViewModel model;
    private final TextField url = new TextField();
    private final ComboBox<WebhookFormat> format = new ComboBox<>(FXCollections.observableArrayList(
            WebhookFormat.values()));
    private final ComboBox<Scope> project = new ComboBox<>();
    private final List<CheckBox> events = new ArrayList<>();

    WebhookForm(NotificationsViewModel model) {
        this.model = model;
        getStyleClass().addAll("card", "webhook-form");
        Label title = new Label("New webhook");
        title.getStyleClass().add(Styles.TITLE_4);
        url.setId("webhook-url");
        url.setPromptText("https://hooks.slack.com/services/… or your receiver's URL");
        format.setId("webhook-format");
        format.setValue(WebhookFormat.JSON);
        format.setConverter(new Formats());
        project.setId("webhook-project");
        project.setConverter(new Projects());
        project.setPrefWidth(220);
        ObservableList<Scope> choices = FXCollections.observableArrayList(Scope.EVERY_PROJECT);
        model.projects().addListener((ListChangeListener<Project>) change -> {
            Scope was = project.getValue();
            choices.setAll(Scope.EVERY_PROJECT);
            model.projects().forEach(p -> choices.add(new Scope(p)));
            project.setValue(choices.contains(was) ? was : Scope.EVERY_PROJECT);
        });
        project.setItems(choices);
        project.setValue(Scope.EVERY_PROJECT);
        FlowPane boxes = new FlowPane(12, 6);
        for (WebhookEvent event : WebhookEvent.values()) {
            CheckBox box = new CheckBox(event.wire());
            box.setId("event-" + event.wire().replace('.', '-'));
            box.setUserData(event);
            box.setSelected(event == WebhookEvent.SCAN_COMPLETED || event == WebhookEvent.FINDING_NEW);
            events.add(box);
            boxes.getChildren().add(box);
        }
        Button add = new Button("Add webhook", new FontIcon(Feather.PLUS));
        add.setId("add-webhook");
        add.getStyleClass().add(Styles.ACCENT);
        add.setOnAction(event -> model.create(url.getText(), chosen(), format.getValue(), project.getValue().project()));
        model.createdProperty().subscribe(created -> {
            if (created != null) {
                url.clear();
            }
        });
        Label problem = new Label();
        problem.setId("webhook-form-problem");
        problem.getStyleClass().add("error-message");
        problem.textProperty().bind(model.formProblemProperty());
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        VBox address = field("URL", url);
        HBox.setHgrow(address, Priority.ALWAYS);
        HBox fields = new HBox(12, address, field("Format", format), field("Project", project), add);
        fields.setAlignment(Pos.BOTTOM_LEFT);
        getChildren().addAll(title, fields, field("Events", boxes), problem);
    }

    private List<WebhookEvent> chosen() {
        return events.stream().filter(CheckBox::isSelected).map(box -> (WebhookEvent) box.getUserData()).toList();
    }

    private static VBox field(String label, Node control) {
        Label caption = new Label(label);
        caption.getStyleClass().add("field-label");
        return new VBox(4, caption, control);
    }

    private static final class Formats extends StringConverter<WebhookFormat> {
        @Override
        public String toString(WebhookFormat value) {
            return value == null ? "" : value == WebhookFormat.SLACK ? "Slack / Mattermost" : "JSON (signed)";
        }

        @Override
        public WebhookFormat fromString(String text) {
            return null;
        }
    }

    /** A webhook's reach: one project, or every project when {@code project} is null. */
    private record Scope(Project project) {
        static final Scope EVERY_PROJECT = new Scope(null);
    }

    private static final class Projects extends StringConverter<Scope> {
        @Override
        public String toString(Scope value) {
            return value == null || value.project() == null ? "Every project" : value.project().name();
        }

        @Override
        public Scope fromString(String text) {
            return null;
        }
    }
}
