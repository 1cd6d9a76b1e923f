package dev.vigil.desktop.overview;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.FindingStats;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.FindingTrend;
import dev.vigil.model.Project;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The overview of the tenant's findings, or of one project's: counts by severity, status and kind, SLA
 * breaches, and open findings per day over the last {@value #DAYS} days.
 */
public final class OverviewViewModel {

    public static final int DAYS = 30;
    /** The first choice of the project picker: no project, the whole tenant. */
    public static final Project ALL_PROJECTS = new Project(null, "All projects", null, null);

    /** A figure of the overview, read from one load. */
    public record Figures(FindingStats stats, FindingTrend trend) {

        public long open() {
            return stats.byStatus().entrySet().stream().filter(e -> FindingStatus.of(e.getKey()).isActive())
                    .mapToLong(e -> e.getValue()).sum();
        }

        public long criticalHighOpen() {
            return trend.latest().criticalHigh();
        }

        public long slaBreached() {
            return stats.slaBreached();
        }

        public long fixedInPeriod() {
            return trend.resolvedInPeriod();
        }
    }

    private record Loaded(List<Project> projects, Figures figures) {
    }

    private final Session session;
    private final TaskExecutor tasks;
    private final ObservableList<Project> projects = FXCollections.observableArrayList(ALL_PROJECTS);
    private final ObjectProperty<Project> project = new SimpleObjectProperty<>(this, "project", ALL_PROJECTS);
    private final ReadOnlyObjectWrapper<Figures> figures = new ReadOnlyObjectWrapper<>(this, "figures");
    private final ReadOnlyBooleanWrapper empty = new ReadOnlyBooleanWrapper(this, "empty");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private long generation;
    private boolean forgetting;

    public OverviewViewModel(Session session, TaskExecutor tasks) {
        this.session = session;
        this.tasks = tasks;
        project.addListener((observable, was, now) -> {
            if (now != null && was != null && !now.equals(was) && !forgetting) {
                refresh();
            }
        });
        session.connectionProperty().addListener((observable, was, now) -> forget());
    }

    /** Drops what the previous connection loaded; the page loads the new server's figures when it is shown. */
    private void forget() {
        generation++;
        loading.set(false);
        error.set("");
        figures.set(null);
        empty.set(false);
        projects.setAll(ALL_PROJECTS);
        forgetting = true;
        project.set(ALL_PROJECTS);
        forgetting = false;
    }

    /** {@link #ALL_PROJECTS} first, then the tenant's projects. */
    public ObservableList<Project> projects() {
        return FXCollections.unmodifiableObservableList(projects);
    }

    public ObjectProperty<Project> projectProperty() {
        return project;
    }

    /** The figures of the last load; null before the first. */
    public ReadOnlyObjectProperty<Figures> figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    /** Loaded, and there are no findings at all in the scope. */
    public ReadOnlyBooleanProperty emptyProperty() {
        return empty.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Loads the projects and the figures of the chosen scope; the latest request wins. */
    public void refresh() {
        if (session.connection() == null) {
            return;
        }
        VigilClient client = session.connection().client();
        Optional<UUID> scope = Optional.ofNullable(project.get()).map(Project::id);
        long request = ++generation;
        loading.set(true);
        tasks.submit(() -> new Loaded(client.allProjects().toList(),
                new Figures(client.findings().stats(scope), client.findings().trend(scope, DAYS))), loaded -> {
            if (request != generation) {
                return;
            }
            loading.set(false);
            error.set("");
            keepProjects(loaded.projects());
            figures.set(loaded.figures());
            empty.set(loaded.figures().stats().total() == 0);
        }, failure -> {
            if (request == generation) {
                loading.set(false);
                error.set(ServerErrors.describe(failure));
            }
        });
    }

    private void keepProjects(List<Project> loaded) {
        List<Project> choices = new ArrayList<>();
        choices.add(ALL_PROJECTS);
        choices.addAll(loaded);
        if (!choices.equals(projects)) {
            Project chosen = project.get();
            projects.setAll(choices);
            if (!choices.contains(chosen)) {
                project.set(ALL_PROJECTS);
            }
        }
    }
}
