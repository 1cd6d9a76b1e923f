package dev.vigil.desktop.findings;

import dev.vigil.desktop.connection.DesktopPaths;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;

/** Where to save an export: a FileChooser in the app, a fixed path in tests. */
@FunctionalInterface
public interface FileChoice {

    /** The file the user chose, or empty when they cancelled. MUST be called on the UI thread. */
    Optional<Path> saveAs(Window owner, String suggestedName);

    /** The platform's save dialog in the home folder, offering CSV and JSON. */
    static FileChoice dialog() {
        return (owner, suggestedName) -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Export findings");
            chooser.setInitialFileName(suggestedName);
            chooser.setInitialDirectory(DesktopPaths.homeFolder());
            chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("CSV", "*.csv"),
                    new FileChooser.ExtensionFilter("JSON", "*.json"));
            File file = chooser.showSaveDialog(owner);
            return Optional.ofNullable(file).map(File::toPath);
        };
    }
}
