package dev.vigil.server.cli;

import dev.vigil.server.ServerSettings;
import dev.vigil.server.outbound.OutboundGuard;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;

/** The options every node takes, {@code vigil serve} and {@code vigil worker} alike. */
final class NodeOptions {

    @Option(names = "--data-dir", description = "Data directory (default: ~/.vigil, or $VIGIL_DATA_DIR).")
    Path dataDir;

    @Option(names = "--db-url", description = "JDBC URL of the database (default: HSQLDB in the data directory; "
            + "or $VIGIL_DB_URL). PostgreSQL: jdbc:postgresql://host:5432/vigil with $VIGIL_DB_USER/$VIGIL_DB_PASSWORD.")
    String dbUrl;

    @Option(names = "--lease", description = "How long a claimed scan stays this node's without renewal; a dead "
            + "node's scans are taken again after it (ISO 8601, default: PT60S).")
    Duration lease;

    @Option(names = "--shutdown-grace", description = "On SIGTERM, how long running scans and requests may take to "
            + "finish before scans are released to other nodes (ISO 8601, default: PT30S).")
    Duration shutdownGrace;

    @Option(names = "--outbound-allow", paramLabel = "HOSTS", description = "Hosts the server may call although "
            + "they resolve to internal addresses, and over plain http: host or host:port, comma-separated (adds to "
            + "$" + OutboundGuard.ENVIRONMENT + "), e.g. a GitHub Enterprise or GitLab on a private network.")
    String outboundAllow;

    @Option(names = "--scan-timeout", description = "How long one scan may run; past it the scan completes with "
            + "what it read, a SCAN_TIME_LIMIT warning, and resolves no finding (ISO 8601, default: PT10M).")
    Duration scanTimeout;

    /** The settings of a node: defaults and environment, then these options, then the command's own. */
    ServerSettings settings() {
        ServerSettings settings = ServerSettings.defaults(dataDir == null ? ServerSettings.defaultDataDir() : dataDir);
        if (dbUrl != null) {
            settings = settings.withDatabase(dbUrl);
        }
        if (lease != null) {
            settings = settings.withLease(lease);
        }
        if (shutdownGrace != null) {
            settings = settings.withShutdownGrace(shutdownGrace);
        }
        if (outboundAllow != null) {
            settings = settings.withOutbound(settings.outbound().alsoAllowing(outboundAllow));
        }
        if (scanTimeout != null) {
            settings = settings.withScanTimeout(scanTimeout);
        }
        return settings;
    }
}
