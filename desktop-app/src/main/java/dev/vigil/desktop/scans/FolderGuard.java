package dev.vigil.desktop.scans;

import dev.vigil.model.Project;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Keeps a folder's scan out of another folder's project: proposes the project a folder belongs to, and says
 * what follows when the chosen project's earlier scans came from another folder (a default-branch scan
 * resolves every finding its archive no longer holds).
 */
final class FolderGuard {

    private final ScanFolders folders;

    FolderGuard(ScanFolders folders) {
        this.folders = folders;
    }

    /**
     * The project last scanned from {@code folder} here, else the one named as the folder (ignoring case);
     * empty when none is, and a new project with the folder's name is proposed instead.
     */
    Optional<Project> propose(Path folder, List<Project> projects) {
        Optional<Project> scannedFromIt = projects.stream()
                .filter(p -> folders.lastFolder(p.id()).filter(last -> !ScanFolders.differ(last, folder)).isPresent())
                .findFirst();
        if (scannedFromIt.isPresent()) {
            return scannedFromIt;
        }
        String name = nameOf(folder).toLowerCase(Locale.ROOT);
        return projects.stream().filter(p -> p.name().toLowerCase(Locale.ROOT).equals(name)).findFirst();
    }

    /** The name proposed for a new project: the folder's own name. */
    static String nameOf(Path folder) {
        Path name = folder.toAbsolutePath().normalize().getFileName();
        return name == null ? folder.toString() : name.toString();
    }

    /** What scanning {@code folder} into {@code project} would do when its earlier scans came from elsewhere. */
    String warning(Path folder, Project project) {
        if (folder == null || project == null) {
            return "";
        }
        return folders.lastFolder(project.id()).filter(last -> ScanFolders.differ(last, folder))
                .map(last -> "Earlier scans of “" + project.name() + "” came from " + last + ", not from " + folder
                        + ". A scan of the default branch resolves every finding of that folder that this one "
                        + "does not have.")
                .orElse("");
    }

    void remember(UUID projectId, Path folder) {
        folders.remember(projectId, folder);
    }
}
