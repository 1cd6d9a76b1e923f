package dev.vigil.desktop.notifications;

import atlantafx.base.theme.Styles;
import dev.vigil.desktop.shell.EmptyState;
import dev.vigil.model.Webhook;
import dev.vigil.model.WebhookDelivery;
import dev.vigil.model.WebhookEvent;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The notifications page: the form to add a webhook, the new secret once, the webhooks and their deliveries. */
final class NotificationsView extends VBox {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private final NotificationsViewModel model;
    private final TableView<Webhook> webhooks = new TableView<>();
    private final TableView<WebhookDelivery> deliveries = new TableView<>();
    private final StackPane secret = new StackPane();

    NotificationsView(NotificationsViewModel model) {
        this.model = model;
        setId("page-notifications");
        getStyleClass().addAll("page", "notifications-page");
        Label title = new Label("Notifications");
        title.getStyleClass().add("page-title");
        Label subtitle = new Label("Webhooks post signed events (scans, new and regressed findings, SLA breaches, "
                + "expiring acceptances, blocked pull requests) to your receiver or a Slack channel.");
        subtitle.getStyleClass().add("page-subtitle");
        subtitle.setWrapText(true);
        secret.managedProperty().bind(secret.visibleProperty());
        model.createdProperty().subscribe(created -> {
            secret.getChildren().setAll(created == null ? List.of() : List.of(new SecretCard(created,
                    model::dismissCreated)));
            secret.setVisible(created != null);
        });
        getChildren().addAll(new VBox(2, title, subtitle), new WebhookForm(model), secret, webhookBar(),
                webhookTable(), deliveryBar(), deliveryTable());
    }

    private HBox webhookBar() {
        Button ping = button("ping-webhook", "Ping", Feather.SEND, "Send a ping event to the selected webhook");
        ping.setOnAction(event -> model.ping());
        ping.disableProperty().bind(model.selectedProperty().isNull());
        Button resume = button("resume-webhook", "Resume", Feather.PLAY, "Resume the paused webhook");
        resume.setOnAction(event -> model.resume());
        resume.disableProperty().bind(Bindings.createBooleanBinding(() -> model.selectedProperty().get() == null
                || !model.selectedProperty().get().paused(), model.selectedProperty()));
        Button refresh = button("refresh-webhooks", null, Feather.REFRESH_CW, "Load the webhooks again");
        refresh.setOnAction(event -> model.reload());
        Label problem = new Label();
        problem.setId("notifications-problem");
        problem.getStyleClass().add("error-message");
        problem.textProperty().bind(model.problemProperty());
        HBox bar = new HBox(ping, resume, refresh, problem);
        bar.getStyleClass().add("toolbar-row");
        return bar;
    }

    private Node webhookTable() {
        webhooks.setId("webhooks-table");
        webhooks.setItems(model.webhooks());
        webhooks.setFixedCellSize(34);
        webhooks.setPrefHeight(180);
        webhooks.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        webhooks.getColumns().setAll(List.of(
                column("URL", Webhook::url, 320),
                column("Project", w -> model.projectName(w.projectId()), 160),
                column("Format", w -> w.format().wire(), 80),
                column("State", w -> w.paused() ? "paused" : "active", 80),
                column("Events", w -> w.events().stream().map(WebhookEvent::wire).collect(Collectors.joining(", ")),
                        300)));
        webhooks.getSelectionModel().selectedItemProperty().subscribe(chosen -> {
            if (chosen != model.selectedProperty().get()) {
                model.select(chosen);
            }
        });
        model.selectedProperty().subscribe(chosen -> {
            if (chosen != webhooks.getSelectionModel().getSelectedItem()) {
                webhooks.getSelectionModel().select(chosen);
            }
        });
        EmptyState empty = new EmptyState(Feather.BELL, "No webhooks yet",
                "Add one above; its secret is shown once, when it is added.");
        empty.setId("webhooks-empty");
        empty.visibleProperty().bind(Bindings.isEmpty(model.webhooks()).and(model.loadingProperty().not())
                .and(model.problemProperty().isEmpty()));
        webhooks.visibleProperty().bind(empty.visibleProperty().not());
        return new StackPane(webhooks, empty);
    }

    private HBox deliveryBar() {
        Label caption = new Label("Deliveries of the selected webhook, newest first");
        caption.getStyleClass().add(Styles.TITLE_4);
        Button redeliver = button("redeliver", "Redeliver", Feather.REPEAT, "Send the selected delivery's event again");
        redeliver.setOnAction(event -> model.redeliver(deliveries.getSelectionModel().getSelectedItem()));
        redeliver.disableProperty().bind(deliveries.getSelectionModel().selectedItemProperty().isNull());
        Button refresh = button("refresh-deliveries", null, Feather.REFRESH_CW, "Load the deliveries again");
        refresh.setOnAction(event -> model.reloadDeliveries());
        refresh.disableProperty().bind(model.selectedProperty().isNull());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(caption, spacer, redeliver, refresh);
        bar.getStyleClass().add("toolbar-row");
        return bar;
    }

    private Node deliveryTable() {
        deliveries.setId("deliveries-table");
        deliveries.setItems(model.deliveries());
        deliveries.setFixedCellSize(34);
        deliveries.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        deliveries.getColumns().setAll(List.of(
                deliveryColumn("Event", WebhookDelivery::event, 150),
                deliveryColumn("Queued", d -> time(d.createdAt()), 150),
                deliveryColumn("Status", d -> d.status().wire(), 90),
                deliveryColumn("Attempts", d -> Integer.toString(d.attempts()), 80),
                deliveryColumn("Answer", d -> d.responseStatus() == null ? "" : d.responseStatus().toString(), 80),
                deliveryColumn("Took", d -> d.durationMs() == null ? "" : d.durationMs() + " ms", 80),
                deliveryColumn("Last attempt", d -> time(d.lastAttemptAt()), 150),
                deliveryColumn("Error", d -> d.error() == null ? "" : d.error(), 260)));
        VBox.setVgrow(deliveries, Priority.ALWAYS);
        return deliveries;
    }

    private static Button button(String id, String text, Feather icon, String tip) {
        Button button = new Button(text, new FontIcon(icon));
        button.setId(id);
        button.setTooltip(new Tooltip(tip));
        return button;
    }

    private static String time(Instant instant) {
        return instant == null ? "" : TIME.format(instant);
    }

    private static TableColumn<Webhook, String> column(String title, Function<Webhook, String> value, double width) {
        TableColumn<Webhook, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        return column;
    }

    private static TableColumn<WebhookDelivery, String> deliveryColumn(String title,
                                                                       Function<WebhookDelivery, String> value,
                                                                       double width) {
        TableColumn<WebhookDelivery, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        return column;
    }
}
