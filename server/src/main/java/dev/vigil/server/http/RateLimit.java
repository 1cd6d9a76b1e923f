package dev.vigil.server.http;

import dev.vigil.server.store.Database;
import dev.vigil.server.store.SubmissionRepository;
import dev.vigil.server.store.TenantRepository;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerResponse;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The scan-submission limit: 50 per sliding hour per tenant, counted in the database. The exact check runs
 * under the tenant's row lock inside the submission's transaction, so it holds under concurrency and
 * across nodes.
 */
public final class RateLimit {

    public static final int LIMIT = 50;
    private static final Duration WINDOW = Duration.ofHours(1);

    /** What the X-RateLimit headers say after a request. */
    public record Usage(int limit, int remaining, long resetEpochSeconds) {

        public void applyTo(ServerResponse response) {
            response.header(HeaderNames.create("X-RateLimit-Limit"), Integer.toString(limit));
            response.header(HeaderNames.create("X-RateLimit-Remaining"), Integer.toString(remaining));
            response.header(HeaderNames.create("X-RateLimit-Reset"), Long.toString(resetEpochSeconds));
        }
    }

    private final Database database;
    private final TenantRepository tenants;
    private final SubmissionRepository submissions;
    private final Clock clock;

    public RateLimit(Database database, TenantRepository tenants, SubmissionRepository submissions, Clock clock) {
        this.database = database;
        this.tenants = tenants;
        this.submissions = submissions;
        this.clock = clock;
    }

    /** Forgets submissions that have left the sliding hour; run periodically by housekeeping. */
    public void purgeExpired() {
        long now = clock.millis();
        database.run(c -> submissions.purge(c, now - WINDOW.toMillis()));
    }

    /** A cheap early refusal, before an archive is uploaded in vain; {@link #reserve} decides exactly. */
    public void precheck(UUID tenantId) {
        database.run(c -> refuseIfFull(c, tenantId, clock.millis()));
    }

    /** Counts one submission in the caller's transaction, or refuses it with 429 RATE_LIMITED. */
    public Usage reserve(Connection c, UUID tenantId) throws SQLException {
        long now = clock.millis();
        tenants.lockSubmissions(c, tenantId);
        long used = refuseIfFull(c, tenantId, now);
        submissions.insert(c, tenantId, now);
        long oldest = submissions.oldestSince(c, tenantId, now - WINDOW.toMillis()).orElse(now);
        return new Usage(LIMIT, (int) (LIMIT - used - 1), (oldest + WINDOW.toMillis()) / 1000);
    }

    private long refuseIfFull(Connection c, UUID tenantId, long now) throws SQLException {
        long since = now - WINDOW.toMillis();
        long used = submissions.countSince(c, tenantId, since);
        if (used >= LIMIT) {
            long oldest = submissions.oldestSince(c, tenantId, since).orElse(now);
            long resetMillis = oldest + WINDOW.toMillis();
            long retryAfter = Math.max(1, (resetMillis - now + 999) / 1000);
            throw new ApiException(429, "RATE_LIMITED",
                    "the limit of " + LIMIT + " scan submissions per hour is reached; retry in " + retryAfter + " s",
                    List.of(), Map.of("Retry-After", Long.toString(retryAfter),
                    "X-RateLimit-Limit", Integer.toString(LIMIT), "X-RateLimit-Remaining", "0",
                    "X-RateLimit-Reset", Long.toString(resetMillis / 1000)));
        }
        return used;
    }
}
