package dev.vigil.desktop.scans;

import dev.vigil.client.ArchivePackager;
import dev.vigil.client.VigilClient;
import dev.vigil.desktop.connection.ServerErrors;
import dev.vigil.desktop.connection.Session;
import dev.vigil.desktop.task.TaskExecutor;
import dev.vigil.model.NewProject;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;

/** "Scan a folder…": the folder, the project (listed, or created here), then packaging, upload and the scan. */
public final class FolderScanViewModel {

    private final Session session;
    private final TaskExecutor tasks;
    private final ArchivePackager packager;
    private final ObjectProperty<Path> folder = new SimpleObjectProperty<>(this, "folder");
    private final ObservableList<Project> projects = FXCollections.observableArrayList();
    private final ObjectProperty<Project> project = new SimpleObjectProperty<>(this, "project");
    private final StringProperty newProjectName = new SimpleStringProperty(this, "newProjectName", "");
    private final StringProperty branch = new SimpleStringProperty(this, "branch", "main");
    private final ObjectProperty<ScanType> scanType = new SimpleObjectProperty<>(this, "scanType", ScanType.FULL);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    private final ReadOnlyStringWrapper phase = new ReadOnlyStringWrapper(this, "phase", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyObjectWrapper<UUID> submitted = new ReadOnlyObjectWrapper<>(this, "submitted");
    private final ReadOnlyObjectWrapper<ScanDetail> finished = new ReadOnlyObjectWrapper<>(this, "finished");
    private final ReadOnlyStringWrapper folderWarning = new ReadOnlyStringWrapper(this, "folderWarning", "");
    private final BooleanProperty otherFolderConfirmed = new SimpleBooleanProperty(this, "otherFolderConfirmed");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private final FolderGuard guard;
    private final StringBinding submitRefusal;

    public FolderScanViewModel(Session session, TaskExecutor tasks, ArchivePackager packager) {
        this.session = session;
        this.tasks = tasks;
        this.packager = packager;
        this.guard = new FolderGuard(new ScanFolders(session.settingsDirectory().resolve("scan-folders.json")));
        this.submitRefusal = Bindings.createStringBinding(this::whyNotSubmit, folder, project, newProjectName,
                branch, running, folderWarning, otherFolderConfirmed, session.connectionProperty());
        folder.subscribe(chosen -> propose());
        folder.subscribe(chosen -> checkFolder());
        project.subscribe(chosen -> checkFolder());
    }

    public ObjectProperty<Path> folderProperty() {
        return folder;
    }

    public ObservableList<Project> projects() {
        return FXCollections.unmodifiableObservableList(projects);
    }

    public ObjectProperty<Project> projectProperty() {
        return project;
    }

    public StringProperty newProjectNameProperty() {
        return newProjectName;
    }

    public StringProperty branchProperty() {
        return branch;
    }

    public ObjectProperty<ScanType> scanTypeProperty() {
        return scanType;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** 0 to 1; -1 (indeterminate) while packaging. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The last scan the server accepted from this form, as soon as it has accepted it. */
    public ReadOnlyObjectProperty<UUID> submittedProperty() {
        return submitted.getReadOnlyProperty();
    }

    /** The last scan this form followed to its end. */
    public ReadOnlyObjectProperty<ScanDetail> finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    /**
     * What scanning the chosen folder into the chosen project would do when the project's earlier scans came
     * from another folder; empty otherwise. The scan waits for {@link #scanAnyway()} while it is set.
     */
    public ReadOnlyStringProperty folderWarningProperty() {
        return folderWarning.getReadOnlyProperty();
    }

    /** What the last scan could not do that loses or keeps work: an archive with nothing a kind reads. */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /** Why the scan cannot start yet; empty when it can. */
    public StringBinding submitRefusal() {
        return submitRefusal;
    }

    /** Lists every project, then proposes the chosen folder's project. */
    public void loadProjects() {
        if (session.connection() == null) {
            return;
        }
        VigilClient client = session.connection().client();
        tasks.submit(() -> client.allProjects().toList(), loaded -> {
            projects.setAll(loaded);
            propose();
        }, failure -> error.set(ServerErrors.describe(failure)));
    }

    /** Creates the project named in {@link #newProjectNameProperty()} and chooses it. */
    public void createProject() {
        createProject(() -> { });
    }

    private void createProject(Runnable then) {
        String name = newProjectName.get() == null ? "" : newProjectName.get().strip();
        if (name.isEmpty() || session.connection() == null) {
            error.set("Name the new project first.");
            return;
        }
        VigilClient client = session.connection().client();
        tasks.submit(() -> client.createProject(new NewProject(name, null)), created -> {
            projects.add(created);
            project.set(created);
            newProjectName.set("");
            error.set("");
            then.run();
        }, failure -> error.set(ServerErrors.describe(failure)));
    }

    /** Scans into the chosen project although its earlier scans came from another folder. */
    public void scanAnyway() {
        otherFolderConfirmed.set(true);
        submit();
    }

    /**
     * Packages, uploads and follows the scan; {@link #finishedProperty()} changes once it has ended. Without
     * a chosen project it first creates the one named in {@link #newProjectNameProperty()}.
     */
    public void submit() {
        if (!submitRefusal.get().isEmpty()) {
            error.set(submitRefusal.get());
            return;
        }
        if (project.get() == null) {
            createProject(this::submit);
            return;
        }
        FolderScan.Request request = new FolderScan.Request(folder.get(), project.get().id(),
                branch.get().strip(), scanType.get());
        FolderScan scan = new FolderScan(session.connection().client(), packager);
        running.set(true);
        error.set("");
        notice.set("");
        progress.set(0);
        UiProgress reports = new UiProgress(request.projectId(), request.folder());
        tasks.submit(() -> scan.run(request, reports), this::ended, failure -> {
            running.set(false);
            progress.set(0);
            phase.set("");
            error.set(FolderScan.describe(failure));
        });
    }

    private void ended(ScanDetail scan) {
        running.set(false);
        progress.set(1);
        if (scan.status() == ScanStatus.COMPLETED) {
            phase.set("Completed: " + scan.findingsCount() + " findings (" + scan.criticalCount() + " critical, "
                    + scan.highCount() + " high)" + (scan.isBlocked() ? ", blocked." : "."));
            notice.set(ScanNotices.nothingResolved(scan.scanWarnings()));
        } else {
            phase.set("The scan failed.");
            error.set(scan.scanWarnings().isEmpty() ? "The scan failed."
                    : "The scan failed: " + scan.scanWarnings().getFirst().message());
        }
        finished.set(scan);
    }

    private String whyNotSubmit() {
        if (session.connection() == null) {
            return "Not connected";
        }
        if (running.get()) {
            return "A scan is under way";
        }
        if (folder.get() == null) {
            return "Choose a folder to scan";
        }
        if (project.get() == null && (newProjectName.get() == null || newProjectName.get().isBlank())) {
            return "Choose or create a project";
        }
        if (!folderWarning.get().isEmpty() && !otherFolderConfirmed.get()) {
            return "Earlier scans of this project came from another folder";
        }
        return branch.get() == null || branch.get().isBlank() ? "Name the branch" : "";
    }

    /** Chooses the project the folder belongs to, or proposes a new one named as the folder. */
    private void propose() {
        Path chosen = folder.get();
        if (chosen == null) {
            return;
        }
        Optional<Project> proposed = guard.propose(chosen, projects);
        project.set(proposed.orElse(null));
        newProjectName.set(proposed.isPresent() ? "" : FolderGuard.nameOf(chosen));
    }

    private void checkFolder() {
        otherFolderConfirmed.set(false);
        folderWarning.set(guard.warning(folder.get(), project.get()));
    }

    /** Brings the worker's reports to the UI thread. */
    private final class UiProgress implements FolderScan.Progress {
        private final UUID projectId;
        private final Path scannedFolder;

        UiProgress(UUID projectId, Path scannedFolder) {
            this.projectId = projectId;
            this.scannedFolder = scannedFolder;
        }

        @Override
        public void report(double fraction, String text) {
            tasks.ui(() -> {
                progress.set(fraction);
                phase.set(text);
            });
        }

        @Override
        public void submitted(UUID scanId) {
            guard.remember(projectId, scannedFolder);
            tasks.ui(() -> {
                submitted.set(scanId);
                session.scanSubmitted(projectId);  // the Findings page of this project waits for it to complete
                checkFolder();  // the project's last folder is this one now
            });
        }
    }
}
