package dev.vigil.server.http;

import dev.vigil.server.access.Caller;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.IdempotencyRepository;
import dev.vigil.server.store.IdempotencyRepository.Entry;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Idempotency-Key handling (docs/adr/0008-idempotency-key-commits-with-its-work.md): within 24 hours, the same
 * key on the same route of a tenant returns the original status and body and creates nothing; the same key with
 * a different request is 409. Two concurrent requests with one key create one resource: the second waits for
 * the first and replays it.
 */
public final class Idempotency {

    public static final HeaderName KEY_HEADER = HeaderNames.create("Idempotency-Key");
    public static final HeaderName REPLAYED_HEADER = HeaderNames.create("Idempotent-Replayed");
    private static final Duration WINDOW = Duration.ofHours(24);
    private static final Duration ABANDONED = Duration.ofMinutes(2);
    private static final Duration WAIT_FOR_FIRST = Duration.ofSeconds(30);

    /** A response to send: the stored one of a replay, or the fresh one of the first request. */
    public record Outcome(int status, String body, boolean replayed) {
    }

    /** The right to create, held by the first request of a key; absent when no key was sent. */
    public record Claim(UUID tenantId, String route, Optional<UUID> key) {
    }

    private final Database database;
    private final IdempotencyRepository records;
    private final Clock clock;

    public Idempotency(Database database, IdempotencyRepository records, Clock clock) {
        this.database = database;
        this.records = records;
        this.clock = clock;
    }

    /** Forgets the records whose 24-hour window has passed; run periodically by housekeeping. */
    public void purgeExpired() {
        long now = clock.millis();
        database.run(c -> records.purge(c, now - WINDOW.toMillis()));
    }

    /** The request's key: absent, or a UUID v4 (anything else is 400). */
    public static Optional<UUID> key(ServerRequest request) {
        return request.headers().first(KEY_HEADER).map(Idempotency::parseKey);
    }

    /** An Idempotency-Key header's value as a UUID v4, or 400. */
    public static UUID parseKey(String header) {
        return Uuids.parseV4(header.strip())
                .orElseThrow(() -> ApiException.validation("Idempotency-Key", "must be a UUID v4"));
    }

    /** Runs {@code create} unless a request with this key was already answered, which is replayed instead. */
    public Outcome execute(Caller caller, String route, Optional<UUID> key, String requestHash,
                           Supplier<Outcome> create) {
        Claim claim = new Claim(caller.tenantId(), route, key);
        Optional<Outcome> replay = begin(claim, requestHash);
        if (replay.isPresent()) {
            return replay.get();
        }
        Outcome outcome;
        try {
            outcome = create.get();
        } catch (RuntimeException e) {
            abandon(claim);
            throw e;
        }
        complete(claim, outcome);
        return outcome;
    }

    /** Claims the key, or returns the stored response to replay. */
    public Optional<Outcome> begin(Claim claim, String requestHash) {
        if (claim.key().isEmpty()) {
            return Optional.empty();
        }
        UUID key = claim.key().get();
        long now = clock.millis();
        boolean claimed = database.inTransaction(c -> {
            records.deleteIfOlder(c, claim.tenantId(), claim.route(), key, now - WINDOW.toMillis(),
                    now - ABANDONED.toMillis());
            return records.tryInsert(c, claim.tenantId(), claim.route(), key, requestHash, now);
        });
        return claimed ? Optional.empty() : Optional.of(awaitStored(claim, key, requestHash));
    }

    /** Whether this key was already used on the route: its request is then a replay (or a reuse, 409). */
    public boolean used(Claim claim) {
        return claim.key().isPresent() && database.read(c ->
                records.find(c, claim.tenantId(), claim.route(), claim.key().get()).isPresent());
    }

    /**
     * Claims the key inside the caller's transaction, which then creates the resource and
     * {@linkplain #completeWithin completes} the key before it commits: the key, the resource and the stored
     * response commit together or not at all, so a node killed mid-request leaves no key "in progress"
     * behind. A concurrent request with the same key waits (on the key's unique index) until this
     * transaction ends, then replays its response. On a replay the caller must roll back its transaction.
     */
    public Optional<Outcome> claimWithin(Connection c, Claim claim, String requestHash) throws SQLException {
        if (claim.key().isEmpty()) {
            return Optional.empty();
        }
        UUID key = claim.key().get();
        long now = clock.millis();
        records.deleteIfOlder(c, claim.tenantId(), claim.route(), key, now - WINDOW.toMillis(),
                now - ABANDONED.toMillis());
        if (records.tryInsert(c, claim.tenantId(), claim.route(), key, requestHash, now)) {
            return Optional.empty();
        }
        c.rollback();
        return Optional.of(awaitStored(claim, key, requestHash));
    }

    /** Stores the response of a key claimed by {@link #claimWithin}, in the same transaction. */
    public void completeWithin(Connection c, Claim claim, Outcome outcome) throws SQLException {
        if (claim.key().isPresent()) {
            records.complete(c, claim.tenantId(), claim.route(), claim.key().get(), outcome.status(), outcome.body());
        }
    }

    public void complete(Claim claim, Outcome outcome) {
        claim.key().ifPresent(key -> database.run(c ->
                records.complete(c, claim.tenantId(), claim.route(), key, outcome.status(), outcome.body())));
    }

    public void abandon(Claim claim) {
        claim.key().ifPresent(key -> database.run(c -> records.delete(c, claim.tenantId(), claim.route(), key)));
    }

    private Outcome awaitStored(Claim claim, UUID key, String requestHash) {
        long deadline = System.nanoTime() + WAIT_FOR_FIRST.toNanos();
        while (true) {
            Optional<Entry> entry = database.inTransaction(c -> records.find(c, claim.tenantId(), claim.route(), key));
            if (entry.isPresent() && !entry.get().requestHash().equals(requestHash)) {
                throw new ApiException(409, "IDEMPOTENCY_KEY_REUSED",
                        "this Idempotency-Key was used for a different request");
            }
            if (entry.isPresent() && entry.get().done()) {
                return new Outcome(entry.get().responseStatus(), entry.get().responseBody(), true);
            }
            if (entry.isEmpty() || System.nanoTime() > deadline) {
                throw new ApiException(409, "IDEMPOTENCY_IN_PROGRESS",
                        "a request with this Idempotency-Key is still being processed; retry shortly");
            }
            sleepBriefly();
        }
    }

    private static void sleepBriefly() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "UNAVAILABLE", "the server is shutting down");
        }
    }
}
