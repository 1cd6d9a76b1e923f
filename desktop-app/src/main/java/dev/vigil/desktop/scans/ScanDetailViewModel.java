package dev.vigil.desktop.scans;

import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanListItem;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanWarning;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.UUID;

/** One scan in full: its detail, warnings and, once it has completed, the results of its SARIF log. */
public final class ScanDetailViewModel {

    private record Loaded(ScanDetail scan, List<SarifResult> results) {
    }

    private final Session session;
    private final TaskExecutor tasks;
    private final ReadOnlyObjectWrapper<ScanDetail> scan = new ReadOnlyObjectWrapper<>(this, "scan");
    private final ObservableList<SarifResult> results = FXCollections.observableArrayList();
    private final ObservableList<ScanWarning> warnings = FXCollections.observableArrayList();
    private final ObservableList<ScanPolicy.Unmatched> staleEntries = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper policy = new ReadOnlyStringWrapper(this, "policy", "");
    private final ReadOnlyStringWrapper resultsNote = new ReadOnlyStringWrapper(this, "resultsNote", "");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private UUID requested;

    public ScanDetailViewModel(Session session, TaskExecutor tasks) {
        this.session = session;
        this.tasks = tasks;
    }

    public ReadOnlyObjectProperty<ScanDetail> scanProperty() {
        return scan.getReadOnlyProperty();
    }

    public ObservableList<SarifResult> results() {
        return FXCollections.unmodifiableObservableList(results);
    }

    public ObservableList<ScanWarning> warnings() {
        return FXCollections.unmodifiableObservableList(warnings);
    }

    /** The repository policy's {@code .vigil.yml} entries that matched none of the scan's findings. */
    public ObservableList<ScanPolicy.Unmatched> staleEntries() {
        return FXCollections.unmodifiableObservableList(staleEntries);
    }

    /** Why the SARIF log has more results than the scan has findings; empty when they match. */
    public ReadOnlyStringProperty resultsNoteProperty() {
        return resultsNote.getReadOnlyProperty();
    }

    /** What the repository's policy did in the scan, in a line; empty before it completed. */
    public ReadOnlyStringProperty policyProperty() {
        return policy.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Loads the scan; a later call wins over one still loading. */
    public void show(UUID scanId) {
        requested = scanId;
        if (scanId == null || session.connection() == null) {
            results.clear();
            warnings.clear();
            staleEntries.clear();
            policy.set("");
            resultsNote.set("");
            scan.set(null);
            return;
        }
        VigilClient client = session.connection().client();
        loading.set(true);
        tasks.submit(() -> load(client, scanId), loaded -> {
            if (scanId.equals(requested)) {
                loading.set(false);
                error.set("");
                warnings.setAll(loaded.scan().scanWarnings());
                results.setAll(loaded.results());
                resultsNote.set(loaded.results().isEmpty() ? ""
                        : SarifCount.explain(loaded.results(), loaded.scan().findingsCount()));
                showPolicy(loaded.scan().policy());
                scan.set(loaded.scan());
            }
        }, failure -> {
            loading.set(false);
            error.set(ServerErrors.describe(failure));
        });
    }

    /** Reloads the shown scan when the list says it has moved on (a pending scan that completed, say). */
    public void follow(List<ScanListItem> rows) {
        ScanDetail shown = scan.get();
        if (shown == null || loading.get()) {
            return;
        }
        rows.stream().filter(row -> row.id().equals(shown.id()) && row.status() != shown.status())
                .findFirst().ifPresent(row -> show(row.id()));
    }

    private void showPolicy(ScanPolicy applied) {
        staleEntries.setAll(applied == null ? List.of() : applied.unmatched());
        if (applied == null) {
            policy.set("");
            return;
        }
        int stale = applied.unmatched().size();
        policy.set("Repository policy: " + applied.applied() + (applied.applied() == 1 ? " finding" : " findings")
                + " decided" + (stale == 0 ? "" : " · " + stale + " stale " + (stale == 1 ? "entry" : "entries")));
    }

    private static Loaded load(VigilClient client, UUID scanId) {
        ScanDetail detail = client.getScan(scanId);
        List<SarifResult> results = detail.status() == ScanStatus.COMPLETED
                ? SarifResult.of(client.getSarif(scanId)) : List.of();
        return new Loaded(detail, results);
    }
}
