package dev.vigil.desktop.findings;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.Project;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import dev.vigil.model.User;
import dev.vigil.model.WireEnum;
import javafx.animation.PauseTransition;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckComboBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The filter widgets, each bound to the filter model; the search waits for a 300 ms pause in typing. */
final class FilterBar {

    static final Duration SEARCH_DEBOUNCE = Duration.millis(300);

    private final FlowPane root = new FlowPane(8, 8);
    private final TextField search = new TextField();
    private final CheckComboBox<Severity> severities;
    private final CheckComboBox<FindingStatus> statuses;
    private final ComboBox<ScanKind> kind;
    private final ComboBox<Project> project;
    private final ComboBox<User> assignee;
    private final FindingFilterModel filters;

    FilterBar(FindingFilterModel filters, FilterChoices choices) {
        this.filters = filters;
        root.getStyleClass().addAll("toolbar-row", "findings-filter-bar");
        severities = checks("severity-filter", "Severity", Severity.values(), filters.severities());
        statuses = checks("status-filter", "Status", FindingStatus.values(), filters.statuses());
        kind = choice("scan-type-filter", "All scanners", ScanKind::wire);
        kind.getItems().setAll(ScanKind.values());
        kind.getItems().addFirst(null);
        kind.valueProperty().bindBidirectional(filters.scanTypeProperty());
        project = choice("project-filter", "All projects", Project::name);
        mirror(choices.projects(), project);
        project.valueProperty().subscribe(p -> filters.projectProperty().set(p == null ? null : p.id()));
        assignee = choice("assignee-filter", "Anyone", choices::label);
        mirror(choices.users(), assignee);
        assignee.valueProperty().subscribe(u -> filters.assigneeProperty().set(u == null ? null : u.id()));
        search.setId("search-field");
        search.setPromptText("Search rule, description, location (Ctrl+F)");
        search.setPrefColumnCount(24);
        PauseTransition pause = new PauseTransition(SEARCH_DEBOUNCE);
        pause.setOnFinished(event -> filters.searchProperty().set(search.getText()));
        search.textProperty().subscribe(text -> pause.playFromStart());
        ToggleButton sla = new ToggleButton("SLA breached", new FontIcon(Feather.CLOCK));
        sla.setId("sla-filter");
        sla.setTooltip(new Tooltip("Only findings past their SLA deadline while still open. The server has no such "
                + "filter: the list reads the open findings page by page and keeps the breached ones."));
        sla.selectedProperty().bindBidirectional(filters.slaBreachedOnlyProperty());
        Button clear = new Button("Clear filters", new FontIcon(Feather.X));
        clear.setId("clear-filters");
        clear.setOnAction(event -> {
            severities.getCheckModel().clearChecks();
            statuses.getCheckModel().clearChecks();
            kind.setValue(null);
            project.setValue(null);
            assignee.setValue(null);
            pause.stop();
            search.clear();
            filters.searchProperty().set("");
            sla.setSelected(false);
        });
        filters.onChange(() -> clear.setDisable(!filters.any()));
        clear.setDisable(!filters.any());
        root.getChildren().addAll(search, severities, statuses, kind, project, assignee, sla, clear);
    }

    FlowPane root() {
        return root;
    }

    TextField search() {
        return search;
    }

    /** Sets every widget to {@code filter} (a drill-down): what it leaves open is cleared. */
    void show(FindingFilter filter) {
        severities.getCheckModel().clearChecks();
        filter.severities().forEach(severities.getCheckModel()::check);
        statuses.getCheckModel().clearChecks();
        filter.statuses().forEach(statuses.getCheckModel()::check);
        kind.setValue(filter.scanType().orElse(null));
        project.setValue(project.getItems().stream().filter(p -> p != null && filter.projectId().equals(Optional.ofNullable(p.id())))
                .findFirst().orElse(null));
        assignee.setValue(null);
        search.setText(filter.search().orElse(""));
        filters.searchProperty().set(filter.search().orElse(""));
        filters.slaBreachedOnlyProperty().set(false);
    }

    private static <T extends Enum<T>> CheckComboBox<T> checks(String id, String title, T[] values, ObservableSet<T> target) {
        CheckComboBox<T> box = new CheckComboBox<>();
        box.setId(id);
        box.setTitle(title + ": any");  // not "Severity (0/5)", which reads as nothing shown
        box.setMinWidth(Region.USE_PREF_SIZE);
        box.getItems().setAll(values);
        box.setConverter(converter(value -> ((WireEnum) value).wire().replace('_', ' ')));
        box.getCheckModel().getCheckedItems().addListener((ListChangeListener<T>) change -> {
            target.retainAll(box.getCheckModel().getCheckedItems());
            target.addAll(box.getCheckModel().getCheckedItems());
            box.setTitle(title(title, box.getCheckModel().getCheckedItems(), values.length));
        });
        return box;
    }

    /** "Severity: any", "Severity: critical, high", or "Status: 3 of 6" when more are checked. */
    static <T> String title(String title, List<T> checked, int of) {
        if (checked.isEmpty() || checked.size() == of) {
            return title + ": any";
        }
        if (checked.size() > 2) {
            return title + ": " + checked.size() + " of " + of;
        }
        return title + ": " + checked.stream().map(value -> ((WireEnum) value).wire().replace('_', ' '))
                .collect(Collectors.joining(", "));
    }

    private static <T> ComboBox<T> choice(String id, String none, Function<T, String> name) {
        ComboBox<T> box = new ComboBox<>();
        box.setId(id);
        box.setPromptText(none);
        box.setConverter(converter(value -> value == null ? none : name.apply(value)));
        box.setCellFactory(list -> named(none, name));
        box.setButtonCell(named(none, name));
        return box;
    }

    private static <T> ListCell<T> named(String none, Function<T, String> name) {
        return new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item == null ? none : name.apply(item));
            }
        };
    }

    /** Keeps the combo's items those of {@code source} with "any" (null) first, keeping the choice if it stays. */
    private static <T> void mirror(ObservableList<T> source, ComboBox<T> box) {
        source.subscribe(() -> {
            T chosen = box.getValue();
            box.getItems().setAll(source);
            box.getItems().addFirst(null);
            box.setValue(source.stream().filter(item -> Objects.equals(item, chosen)).findFirst().orElse(null));
        });
    }

    private static <T> StringConverter<T> converter(Function<T, String> text) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return text.apply(value);
            }

            @Override
            public T fromString(String string) {
                return null;
            }
        };
    }
}
