package dev.vigil.desktop.shell;

import javafx.application.HostServices;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/**
 * Opens a web address in the system's browser, through the application's {@link HostServices} once
 * {@link #install} has been called; where there is none (tests, an embedding), the address is copied to the
 * clipboard instead.
 */
public final class Links {

    private static volatile HostServices hostServices;

    private Links() {
    }

    public static void install(HostServices services) {
        hostServices = services;
    }

    /** Opens {@code url}; true when a browser was asked to, false when it was copied instead. MUST run on the FX thread. */
    public static boolean open(String url) {
        HostServices services = hostServices;
        if (services != null) {
            services.showDocument(url);
            return true;
        }
        copy(url);
        return false;
    }

    public static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
