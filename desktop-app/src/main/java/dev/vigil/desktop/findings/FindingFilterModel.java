package dev.vigil.desktop.findings;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.Severity;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The filter bar's state. Everything but "SLA breached" is a server filter. The server has no SLA filter,
 * so that one narrows the statuses to those an SLA can breach in (open, in backlog, in progress) on the
 * server and keeps the rows the server marks {@code sla_breached} on the client, page by page.
 */
public final class FindingFilterModel {

    private final ObservableSet<Severity> severities = FXCollections.observableSet(EnumSet.noneOf(Severity.class));
    private final ObservableSet<FindingStatus> statuses = FXCollections.observableSet(EnumSet.noneOf(FindingStatus.class));
    private final ObjectProperty<ScanKind> scanType = new SimpleObjectProperty<>(this, "scanType");
    private final ObjectProperty<UUID> project = new SimpleObjectProperty<>(this, "project");
    private final ObjectProperty<UUID> assignee = new SimpleObjectProperty<>(this, "assignee");
    private final StringProperty search = new SimpleStringProperty(this, "search", "");
    private final BooleanProperty slaBreachedOnly = new SimpleBooleanProperty(this, "slaBreachedOnly");

    public ObservableSet<Severity> severities() {
        return severities;
    }

    public ObservableSet<FindingStatus> statuses() {
        return statuses;
    }

    public ObjectProperty<ScanKind> scanTypeProperty() {
        return scanType;
    }

    public ObjectProperty<UUID> projectProperty() {
        return project;
    }

    public ObjectProperty<UUID> assigneeProperty() {
        return assignee;
    }

    public StringProperty searchProperty() {
        return search;
    }

    public BooleanProperty slaBreachedOnlyProperty() {
        return slaBreachedOnly;
    }

    public boolean slaBreachedOnly() {
        return slaBreachedOnly.get();
    }

    /** Runs {@code onChange} after any filter changes. */
    public void onChange(Runnable onChange) {
        for (Observable each : new Observable[]{severities, statuses, scanType, project, assignee, search, slaBreachedOnly}) {
            each.addListener(ignored -> onChange.run());
        }
    }

    /** Whether any filter is set, "SLA breached" included. */
    public boolean any() {
        return !severities.isEmpty() || !statuses.isEmpty() || scanType.get() != null || project.get() != null
                || assignee.get() != null || (search.get() != null && !search.get().isBlank()) || slaBreachedOnly();
    }

    /** The filters as the server takes them (also for export and bulk selection). */
    public FindingFilter userFilter() {
        return new FindingFilter(Set.copyOf(severities), Set.copyOf(statuses), Optional.ofNullable(scanType.get()),
                Optional.ofNullable(project.get()), Optional.ofNullable(assignee.get()), Optional.ofNullable(search.get()));
    }

    /** What to ask the server for; empty when no finding can match (SLA breached among closed states only). */
    public Optional<FindingFilter> serverFilter() {
        FindingFilter filter = userFilter();
        if (!slaBreachedOnly()) {
            return Optional.of(filter);
        }
        Set<FindingStatus> active = EnumSet.noneOf(FindingStatus.class);
        for (FindingStatus status : FindingStatus.values()) {
            if (status.isActive() && (filter.statuses().isEmpty() || filter.statuses().contains(status))) {
                active.add(status);
            }
        }
        return active.isEmpty() ? Optional.empty() : Optional.of(filter.withStatuses(active));
    }
}
