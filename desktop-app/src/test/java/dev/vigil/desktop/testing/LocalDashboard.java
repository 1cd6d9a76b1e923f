package dev.vigil.desktop.testing;

import dev.vigil.desktop.Dashboard;
import dev.vigil.desktop.connection.DesktopPaths;
import dev.vigil.desktop.connection.Session;

/**
 * The dashboard as the app opens it (embedded server, settings in a temporary home), in a TestFX stage; made
 * by {@link DesktopFixture#dashboard}, which closes it after the test.
 */
public record LocalDashboard(Session session, DesktopPaths paths, Dashboard dashboard) implements AutoCloseable {

    /** Waits for the embedded server and its Owner (the first start bootstraps them). */
    public void awaitConnection() {
        Fx.waitUntil(30, () -> session.connection() != null);
    }

    /** Closes the session and its embedded server now, as the app's exit does (a relaunch may follow). */
    @Override
    public void close() {
        session.close();
    }
}
