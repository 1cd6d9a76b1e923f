package dev.vigil.desktop.keys;

import atlantafx.base.theme.Styles;
import dev.vigil.model.User;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DateCell;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/** Name, expiry (today to a year ahead) and, for Admins and Owners, whose key it is. */
final class CreateKeyForm extends VBox {

    private static final int DEFAULT_DAYS = 90;

    private final KeysViewModel model;
    private final TextField name = new TextField();
    private final DatePicker expiry = new DatePicker();
    private final ComboBox<User> owner = new ComboBox<>();

    CreateKeyForm(KeysViewModel model) {
        this.model = model;
        getStyleClass().addAll("card", "key-form");
        Label title = new Label("New API key");
        title.getStyleClass().add(Styles.TITLE_4);
        name.setId("key-name");
        name.setPromptText("Name, e.g. “CI pipeline”");
        expiry.setId("key-expiry");
        expiry.setConverter(new IsoDates());
        expiry.setPromptText("YYYY-MM-DD");
        expiry.setDayCellFactory(picker -> new AllowedDay());
        expiry.setValue(model.rules().earliestExpiry().plusDays(DEFAULT_DAYS));
        owner.setId("key-owner");
        owner.setItems(model.owners());
        owner.setConverter(new Users());
        owner.setPrefWidth(280);
        expiry.setPrefWidth(170);
        model.owners().addListener((ListChangeListener<User>) change -> selectMe());
        Button create = new Button("Create key", new FontIcon(Feather.PLUS));
        create.setId("create-key");
        create.getStyleClass().add(Styles.ACCENT);
        create.setDefaultButton(true);
        create.setOnAction(event -> model.create(name.getText(), committedExpiry(), owner.getValue()));
        model.createdProperty().subscribe(key -> {
            if (key != null) {
                name.clear();
            }
        });
        Label problem = new Label();
        problem.setId("key-form-problem");
        problem.getStyleClass().add("error-message");
        problem.textProperty().bind(model.formProblemProperty());
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        VBox named = field("Name", name);
        HBox.setHgrow(named, Priority.ALWAYS);
        HBox fields = new HBox(12, named, field("Expires", expiry), field("For", owner), create);
        fields.setAlignment(Pos.BOTTOM_LEFT);
        getChildren().addAll(title, fields, problem);
    }

    /** A date typed but not yet confirmed with Enter counts too. */
    private LocalDate committedExpiry() {
        try {
            return expiry.getConverter().fromString(expiry.getEditor().getText());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private void selectMe() {
        if (owner.getValue() == null || !model.owners().contains(owner.getValue())) {
            owner.setValue(model.me().filter(model.owners()::contains).orElse(null));
        }
    }

    private static VBox field(String label, javafx.scene.Node control) {
        Label caption = new Label(label);
        caption.getStyleClass().add("field-label");
        return new VBox(4, caption, control);
    }

    private final class AllowedDay extends DateCell {
        @Override
        public void updateItem(LocalDate day, boolean empty) {
            super.updateItem(day, empty);
            setDisable(empty || day.isBefore(model.rules().earliestExpiry()) || day.isAfter(model.rules().latestExpiry()));
        }
    }

    private static final class IsoDates extends StringConverter<LocalDate> {
        @Override
        public String toString(LocalDate date) {
            return date == null ? "" : date.toString();
        }

        @Override
        public LocalDate fromString(String text) {
            return text == null || text.isBlank() ? null : LocalDate.parse(text.strip());
        }
    }

    private static final class Users extends StringConverter<User> {
        @Override
        public String toString(User user) {
            return user == null ? "" : user.email() + " (" + user.role().wire() + ")";
        }

        @Override
        public User fromString(String text) {
            return null;
        }
    }
}
