package dev.vigil.desktop.decisions;

import dev.vigil.desktop.connection.Connection;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;
import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.NewDecision;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.time.LocalDate;
import java.util.Optional;

/**
 * "Apply to…" from a finding: a decision for its rule or its package, in its project or across the tenant.
 * {@link #preview()} asks the server how many findings it would change (a dry run) before {@link #create()}.
 */
public final class ApplyToViewModel {

    /** What the decision is about. */
    public enum Target { RULE, PACKAGE }

    /** Where it applies. */
    public enum Reach { PROJECT, TENANT }

    /** No preview for the current choices yet. */
    public static final int UNKNOWN = -1;

    private final Session session;
    private final TaskExecutor tasks;
    private final Finding finding;
    private final ObjectProperty<Target> target = new SimpleObjectProperty<>(this, "target", Target.RULE);
    private final ObjectProperty<Reach> reach = new SimpleObjectProperty<>(this, "reach", Reach.PROJECT);
    private final ObjectProperty<FindingStatus> status = new SimpleObjectProperty<>(this, "status",
            FindingStatus.FALSE_POSITIVE);
    private final StringProperty reason = new SimpleStringProperty(this, "reason", "");
    private final ObjectProperty<LocalDate> until = new SimpleObjectProperty<>(this, "until");
    private final ReadOnlyIntegerWrapper preview = new ReadOnlyIntegerWrapper(this, "preview", UNKNOWN);
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyObjectWrapper<Decision> created = new ReadOnlyObjectWrapper<>(this, "created");
    private int generation;

    public ApplyToViewModel(Session session, TaskExecutor tasks, Finding finding) {
        this.session = session;
        this.tasks = tasks;
        this.finding = finding;
        target.subscribe(value -> preview());
        reach.subscribe(value -> preview());
    }

    public Finding finding() {
        return finding;
    }

    /** Whether the finding names a package (an SCA finding): only then can the decision be about it. */
    public boolean packageAvailable() {
        return FindingPackages.purl(finding).isPresent();
    }

    public ObjectProperty<Target> targetProperty() {
        return target;
    }

    public ObjectProperty<Reach> reachProperty() {
        return reach;
    }

    public ObjectProperty<FindingStatus> statusProperty() {
        return status;
    }

    public StringProperty reasonProperty() {
        return reason;
    }

    public ObjectProperty<LocalDate> untilProperty() {
        return until;
    }

    /** How many findings the decision would change now; {@link #UNKNOWN} until the server answered. */
    public ReadOnlyIntegerProperty previewProperty() {
        return preview.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The decision once made. */
    public ReadOnlyObjectProperty<Decision> createdProperty() {
        return created.getReadOnlyProperty();
    }

    /** The scope the current choices make. */
    public DecisionScope scope() {
        String rule = target.get() == Target.RULE ? finding.ruleId() : null;
        String purl = target.get() == Target.PACKAGE ? FindingPackages.purl(finding).orElse(null) : null;
        return new DecisionScope(rule, purl, null, reach.get() == Reach.PROJECT ? finding.projectId() : null);
    }

    public void preview() {
        int asked = ++generation;
        preview.set(UNKNOWN);
        Connection connection = session.connection();
        if (connection == null || !scopeComplete()) {
            return;
        }
        NewDecision probe = new NewDecision(scope(), FindingStatus.FALSE_POSITIVE, "preview", null);
        tasks.submit(() -> connection.client().previewDecision(probe), answer -> {
            if (asked == generation) {
                preview.set(answer.applied());
            }
        }, failure -> problem.set(ServerErrors.describe(failure)));
    }

    /** Makes the decision; the server checks the reason and the date and says what is wrong. */
    public void create() {
        Connection connection = session.connection();
        if (connection == null || !scopeComplete()) {
            return;
        }
        LocalDate end = status.get() == FindingStatus.ACCEPTED ? until.get() : null;
        NewDecision decision = new NewDecision(scope(), status.get(), reason.get().strip(), end);
        problem.set("");
        tasks.submit(() -> connection.client().createDecision(decision), created::set,
                failure -> problem.set(ServerErrors.describe(failure)));
    }

    private boolean scopeComplete() {
        return target.get() == Target.RULE || packageAvailable();
    }

    /** The package URL the package target uses, if the finding names one. */
    public Optional<String> packageUrl() {
        return FindingPackages.purl(finding);
    }
}
