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
import java.util.function.Consumer;

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
        Copy s = new Copy();
        s.host = "127.0.0.1";
        s.port = 8080;
        s.dataDir = dataDir;
        s.dbUrl = env("VIGIL_DB_URL");
        s.dbUser = env("VIGIL_DB_USER");
        s.dbPassword = env("VIGIL_DB_PASSWORD");
        s.workers = Math.max(1, Runtime.getRuntime().availableProcessors());
        s.systemToken = env("VIGIL_SYSTEM_TOKEN");
        s.lease = Duration.ofSeconds(60);
        s.archiveLimits = ArchiveLimits.defaults();
        s.clock = Clock.systemUTC();
        s.prComments = PrCommentSettings.defaults(env("VIGIL_SECRET_KEY"));
        s.shutdownGrace = Duration.ofSeconds(30);
        s.outbound = OutboundGuard.allowing(env(OutboundGuard.ENVIRONMENT).orElse(""));
        s.uploads = UploadSettings.defaults();
        s.scanTimeout = Duration.ofMinutes(10);
        return s.settings();
    }

    public static Path defaultDataDir() {
        return env("VIGIL_DATA_DIR").map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), ".vigil"));
    }

    public String jdbcUrl() {
        return dbUrl.orElseGet(() -> Dialect.hsqldbFileUrl(dataDir));
    }

    public ServerSettings withPort(int value) {
        return copy(s -> s.port = value);
    }

    public ServerSettings withHost(String value) {
        return copy(s -> s.host = value);
    }

    public ServerSettings withDatabase(String url) {
        return copy(s -> s.dbUrl = Optional.of(url));
    }

    public ServerSettings withCredentials(String user, String password) {
        return copy(s -> {
            s.dbUser = Optional.of(user);
            s.dbPassword = Optional.of(password);
        });
    }

    public ServerSettings withWorkers(int value) {
        return copy(s -> s.workers = value);
    }

    public ServerSettings withSystemToken(String value) {
        return copy(s -> s.systemToken = Optional.of(value));
    }

    public ServerSettings withLease(Duration value) {
        return copy(s -> s.lease = value);
    }

    public ServerSettings withClock(Clock value) {
        return copy(s -> s.clock = value);
    }

    public ServerSettings withArchiveLimits(ArchiveLimits value) {
        return copy(s -> s.archiveLimits = value);
    }

    public ServerSettings withPrComments(PrCommentSettings value) {
        return copy(s -> s.prComments = value);
    }

    public ServerSettings withShutdownGrace(Duration value) {
        return copy(s -> s.shutdownGrace = value);
    }

    public ServerSettings withUploads(UploadSettings value) {
        return copy(s -> s.uploads = value);
    }

    public ServerSettings withOutbound(OutboundGuard value) {
        return copy(s -> s.outbound = value);
    }

    public ServerSettings withScanTimeout(Duration value) {
        return copy(s -> s.scanTimeout = value);
    }

    private ServerSettings copy(Consumer<Copy> change) {
        Copy copy = new Copy(this);
        change.accept(copy);
        return copy.settings();
    }

    private static Optional<String> env(String name) {
        return Optional.ofNullable(System.getenv(name)).filter(v -> !v.isBlank());
    }

    /** The settings as named fields, set one by one: the one place, but for the record, that lists them all. */
    private static final class Copy {

        private String host;
        private int port;
        private Path dataDir;
        private Optional<String> dbUrl;
        private Optional<String> dbUser;
        private Optional<String> dbPassword;
        private int workers;
        private Optional<String> systemToken;
        private Duration lease;
        private ArchiveLimits archiveLimits;
        private Clock clock;
        private PrCommentSettings prComments;
        private Duration shutdownGrace;
        private OutboundGuard outbound;
        private UploadSettings uploads;
        private Duration scanTimeout;

        private Copy() {
        }

        private Copy(ServerSettings settings) {
            host = settings.host;
            port = settings.port;
            dataDir = settings.dataDir;
            dbUrl = settings.dbUrl;
            dbUser = settings.dbUser;
            dbPassword = settings.dbPassword;
            workers = settings.workers;
            systemToken = settings.systemToken;
            lease = settings.lease;
            archiveLimits = settings.archiveLimits;
            clock = settings.clock;
            prComments = settings.prComments;
            shutdownGrace = settings.shutdownGrace;
            outbound = settings.outbound;
            uploads = settings.uploads;
            scanTimeout = settings.scanTimeout;
        }

        private ServerSettings settings() {
            return new ServerSettings(host, port, dataDir, dbUrl, dbUser, dbPassword, workers, systemToken, lease,
                    archiveLimits, clock, prComments, shutdownGrace, outbound, uploads, scanTimeout);
        }
    }
}
