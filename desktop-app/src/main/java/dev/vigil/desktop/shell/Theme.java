package dev.vigil.desktop.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.scene.Scene;

import java.util.Objects;

/** AtlantaFX Primer, light or dark, under Vigil's one stylesheet of looked-up colours and pseudo-classes. */
public final class Theme {

    private static final String STYLESHEET = Objects.requireNonNull(
            Theme.class.getResource("/dev/vigil/desktop/vigil.css"), "vigil.css").toExternalForm();

    private Theme() {
    }

    public static void apply(Scene scene, boolean dark) {
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
        if (!scene.getStylesheets().contains(STYLESHEET)) {
            scene.getStylesheets().add(STYLESHEET);
        }
        scene.getRoot().pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("dark"), dark);
    }
}
