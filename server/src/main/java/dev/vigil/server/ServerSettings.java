package dev.vigil.server;

import dev.vigil.server.http.UploadSettings;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.pr.PrCommentSettings;
import dev.vigil.server.scan.ArchiveLimits;
import dev.vigil.server.store.Dialect;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a server is configured with, read once (flags, then environment, then defaults) and passed
 * through constructors.
 *
 * @param dbUrl       JDBC URL; empty for the HSQLDB file database in {@code dataDir}
 * @param systemToken the operators' token; empty to use (or create) {@code dataDir/system-token}
 * @param workers     scan workers on this node; 0 for an API-only node
 * @param lease       how long a claimed scan stays this node's without a renewal; a dead node's scans are
 *                    taken again after it
 * @param prComments  the pull-request comment outbox and the key that seals SCM tokens
 * @param shutdownGrace on a graceful stop, how long running scans may take to finish (then they are released
 *                    to other nodes) and in-flight requests to complete
 * @param outbound    where the server's outbound calls may go: public https hosts and the operator's allowed ones
 * @param uploads     the minimum rate of request bodies, the reading of refused ones, the wait for an upload permit
 * @param scanTimeout how long one scan may run; past it the scan completes with what it read, a
 *                    {@code SCAN_TIME_LIMIT} warning, and resolves nothing
 */
public record ServerSettings(String host, int port, Path dataDir, Optional<String> dbUrl, Optional<String> dbUser,
                             Optional<String> dbPassword, int workers, Optional<String> systemToken, Duration lease,
                             ArchiveLimits archiveLimits, Clock clock, PrCommentSettings prComments,
                             Duration shutdownGrace, OutboundGuard outbound, UploadSettings uploads,
                             Duration scanTimeout) {

    public ServerSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(dataDir, "dataDir");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535");
        }
        if (workers < 0) {
            throw new IllegalArgumentException("workers must be 0 or more");
        }
        Objects.requireNonNull(prComments, "prComments");
        Objects.requireNonNull(outbound, "outbound");
        Objects.requireNonNull(uploads, "uploads");
        if (lease.isNegative() || lease.isZero() || shutdownGrace.isNegative()) {
            throw new IllegalArgumentException("lease must be positive and the shutdown grace not negative");
        }
        if (scanTimeout.isNegative() || scanTimeout.isZero()) {
            throw new IllegalArgumentException("the scan timeout must be positive");
        }
    }

    public static ServerSettings defaults(Path dataDir) {
        return new ServerSettings("127.0.0.1", 8080, dataDir, env("VIGIL_DB_URL"), env("VIGIL_DB_USER"),
                env("VIGIL_DB_PASSWORD"), Math.max(1, Runtime.getRuntime().availableProcessors()),
                env("VIGIL_SYSTEM_TOKEN"), Duration.ofSeconds(60), ArchiveLimits.defaults(), Clock.systemUTC(),
                PrCommentSettings.defaults(env("VIGIL_SECRET_KEY")), Duration.ofSeconds(30),
                OutboundGuard.allowing(env(OutboundGuard.ENVIRONMENT).orElse("")), UploadSettings.defaults(),
                Duration.ofMinutes(10));
    }

    public static Path defaultDataDir() {
        return env("VIGIL_DATA_DIR").map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), ".vigil"));
    }

    public String jdbcUrl() {
        return dbUrl.orElseGet(() -> Dialect.hsqldbFileUrl(dataDir));
    }

    public ServerSettings withPort(int value) {
        return new ServerSettings(host, value, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withHost(String value) {
        return new ServerSettings(value, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withDatabase(String url) {
        return new ServerSettings(host, port, dataDir, Optional.of(url), dbUser, dbPassword, workers, systemToken,
                lease, archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withCredentials(String user, String password) {
        return new ServerSettings(host, port, dataDir, dbUrl, Optional.of(user), Optional.of(password), workers,
                systemToken, lease, archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withWorkers(int value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, value, systemToken, lease,
                archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withSystemToken(String value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, Optional.of(value), lease,
                archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withLease(Duration value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, value,
                archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withClock(Clock value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, value, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withArchiveLimits(ArchiveLimits value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                value, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withPrComments(PrCommentSettings value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, clock, value, shutdownGrace, outbound, uploads, scanTimeout);
    }

    public ServerSettings withShutdownGrace(Duration value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, clock, prComments, value, outbound, uploads, scanTimeout);
    }

    public ServerSettings withUploads(UploadSettings value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, clock, prComments, shutdownGrace, outbound, value, scanTimeout);
    }

    public ServerSettings withOutbound(OutboundGuard value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, clock, prComments, shutdownGrace, value, uploads, scanTimeout);
    }

    public ServerSettings withScanTimeout(Duration value) {
        return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, value);
    }

    private static Optional<String> env(String name) {
        return Optional.ofNullable(System.getenv(name)).filter(v -> !v.isBlank());
    }
}
