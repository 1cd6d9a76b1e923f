package dev.vigil.desktop.scans;

import dev.vigil.desktop.connection.DesktopPaths;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;

/** Asks the user for a folder to scan. Tests give a fixed folder instead of the system's chooser. */
@FunctionalInterface
public interface DirectoryPicker {

    /** The chosen folder, or empty when the user cancels. MUST run on the FX thread. */
    Optional<Path> pick(Window owner);

    /** The system's chooser, opening in the home folder (GTK would open "Recent", where Open is greyed). */
    static DirectoryPicker system() {
        return owner -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("Scan a folder");
            chooser.setInitialDirectory(DesktopPaths.homeFolder());
            return Optional.ofNullable(chooser.showDialog(owner)).map(File::toPath);
        };
    }
}
