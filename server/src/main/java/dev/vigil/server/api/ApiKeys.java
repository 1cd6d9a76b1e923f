package dev.vigil.server.api;

import dev.vigil.model.ApiKey;
import dev.vigil.model.CreatedApiKey;
import dev.vigil.model.Role;
import dev.vigil.server.access.ApiKeyTokens;
import dev.vigil.server.access.KeyOwners;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.store.ApiKeyRepository;
import dev.vigil.server.store.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** Creating, listing and revoking API keys; shared by the API and the operators' tenant bootstrap. */
public final class ApiKeys {

    private final Database database;
    private final ApiKeyRepository repository;
    private final KeyOwners owners;
    private final Clock clock;

    public ApiKeys(Database database, ApiKeyRepository repository, KeyOwners owners, Clock clock) {
        this.database = database;
        this.repository = repository;
        this.owners = owners;
        this.clock = clock;
    }

    /**
     * The expiry of {@code text}, in the future and at most one year after now (spec 5.4): an ISO 8601
     * timestamp, or a date, valid to the end of that day UTC but never past that year (so the date a year
     * ahead gives exactly a year).
     */
    public Instant expiry(String text) {
        Instant now = clock.instant();
        Instant limit = OffsetDateTime.ofInstant(now, ZoneOffset.UTC).plusYears(1).toInstant();
        Instant expiresAt = parseExpiry(text, limit);
        if (!expiresAt.isAfter(now)) {
            throw ApiException.validation("expires_at", "must be in the future");
        }
        if (expiresAt.isAfter(limit)) {
            throw ApiException.validation("expires_at", "must be at most one year ahead");
        }
        return expiresAt;
    }

    private static Instant parseExpiry(String text, Instant limit) {
        try {
            if (text.length() == 10) {
                LocalDate date = LocalDate.parse(text);
                if (date.isAfter(LocalDate.ofInstant(limit, ZoneOffset.UTC))) {
                    throw ApiException.validation("expires_at", "must be at most one year ahead");
                }
                Instant endOfDay = date.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().minusMillis(1);
                return endOfDay.isAfter(limit) ? limit.truncatedTo(ChronoUnit.MILLIS) : endOfDay;
            }
            return OffsetDateTime.parse(text).toInstant().truncatedTo(ChronoUnit.MILLIS);
        } catch (DateTimeParseException e) {
            throw ApiException.validation("expires_at", "must be a date (YYYY-MM-DD) or an ISO 8601 timestamp");
        }
    }

    /** Keys are managed only for users whose role is not above the caller's: creating and revoking alike. */
    public static void requireNotAbove(Role caller, Role owner, String action) {
        if (!caller.atLeast(owner)) {
            throw ApiException.insufficientRole("you cannot " + action
                    + " a key of a user whose role is above your own");
        }
    }

    public CreatedApiKey create(UUID tenantId, UUID userId, String name, Instant expiresAt) {
        return database.inTransaction(c -> create(c, tenantId, userId, name, expiresAt));
    }

    /** Creates a key inside the caller's transaction. */
    public CreatedApiKey create(Connection c, UUID tenantId, UUID userId, String name, Instant expiresAt)
            throws SQLException {
        String key = ApiKeyTokens.generate();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        ApiKey record = new ApiKey(UUID.randomUUID(), name, userId, ApiKeyTokens.displayPrefix(key), expiresAt, now, null);
        repository.insert(c, tenantId, record, ApiKeyTokens.hash(key));
        return new CreatedApiKey(record.id(), name, key, userId, expiresAt, now);
    }

    /**
     * A new key, named {@code name}, for the user whose key is {@code oldKey} (revoked, expired or live), in
     * that key's tenant: how an operator gives back access without a new tenant. 404 when no key is
     * {@code oldKey}.
     */
    public CreatedApiKey renew(String oldKey, String name, Instant expiresAt) {
        return database.inTransaction(c -> {
            ApiKeyRepository.KeyOwner owner = repository.findOwner(c, ApiKeyTokens.hash(oldKey))
                    .orElseThrow(() -> ApiException.notFound("api key"));
            return create(c, owner.tenantId(), owner.userId(), name, expiresAt);
        });
    }

    /** Newest first; {@code after} is the decoded cursor (created_at, id) or null. */
    public List<ApiKey> page(UUID tenantId, List<String> after, int limit) {
        Long createdAt = after == null ? null : Cursor.number(after.get(0));
        UUID id = after == null ? null : Cursor.uuid(after.get(1));
        return database.read(c -> repository.page(c, tenantId, createdAt, id, limit));
    }

    /** Revokes the key on every node (see {@link KeyOwners#change}) if the caller may manage its user's keys. */
    public void revoke(UUID tenantId, Role caller, UUID id) {
        owners.change(c -> {
            Role owner = repository.ownerRole(c, tenantId, id).orElseThrow(() -> ApiException.notFound("API key"));
            requireNotAbove(caller, owner, "revoke");
            return repository.revoke(c, tenantId, id, clock.millis());
        });
    }
}
