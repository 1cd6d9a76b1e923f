package dev.vigil.server.store;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;

/**
 * How many postings each word of a tenant has, counted no further than {@link SearchIndex#COUNT_CAP} and
 * remembered for a minute. A count only chooses which of a search's words the search seeks on, and every
 * word's postings hold all the findings that can match, so a count a minute old costs at most a slower
 * seek, never a wrong result. Without it, each search counted its words again: as many statements as the
 * search itself.
 */
public final class PostingCounts {

    private static final Duration KEPT = Duration.ofMinutes(1);
    private static final int MAX_WORDS = 100_000;

    private record Word(UUID tenantId, String word) {
    }

    private final Cache<Word, Long> counts = Caffeine.newBuilder()
            .expireAfterWrite(KEPT)
            .maximumSize(MAX_WORDS)
            .build();

    /** The word's postings, or {@link SearchIndex#COUNT_CAP} when it has that many or more. */
    long count(Connection c, UUID tenantId, String word) throws SQLException {
        Word key = new Word(tenantId, word);
        Long known = counts.getIfPresent(key);
        if (known != null) {
            return known;
        }
        long count = Sql.count(c, "SELECT COUNT(*) FROM (SELECT 1 FROM finding_terms WHERE tenant_id = ? AND term = ?"
                + " LIMIT " + SearchIndex.COUNT_CAP + ") capped", tenantId, word);
        counts.put(key, count);
        return count;
    }
}
