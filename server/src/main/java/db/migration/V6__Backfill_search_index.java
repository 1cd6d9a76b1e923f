package db.migration;

import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Indexes the findings that existed before the term index (V5), tenant by tenant, in list order, in batches.
 * A word is a maximal run of letters and digits of the lower-cased search text, of at least three characters;
 * a posting holds it clipped to 64 characters, and the vocabulary holds every suffix of a new word.
 */
public class V6__Backfill_search_index extends BaseJavaMigration {

    private static final int MIN_LENGTH = 3;
    private static final int MAX = 64;
    private static final int BATCH = 2_000;
    private static final int ARRAY_CHUNK = 1_000;

    private record Entry(UUID findingId, long sortKey, String searchText) {
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        String limit = " LIMIT " + BATCH + (FrozenSql.hsqldb(c) ? " USING INDEX" : "");
        for (UUID tenantId : FrozenSql.list(c, "SELECT DISTINCT tenant_id FROM findings",
                row -> FrozenSql.uuid(row, "tenant_id"))) {
            List<Entry> batch = FrozenSql.list(c, """
                    SELECT id, sort_key, search_text
                    FROM findings
                    WHERE tenant_id = ?
                    ORDER BY tenant_id, sort_key, id
                    """ + limit, V6__Backfill_search_index::entry, tenantId);
            while (!batch.isEmpty()) {
                index(c, tenantId, batch);
                Entry last = batch.getLast();
                batch = FrozenSql.list(c, """
                        SELECT id, sort_key, search_text
                        FROM findings
                        WHERE tenant_id = ? AND sort_key >= ? AND NOT (sort_key = ? AND id <= ?)
                        ORDER BY tenant_id, sort_key, id
                        """ + limit, V6__Backfill_search_index::entry, tenantId, last.sortKey(), last.sortKey(),
                        last.findingId());
            }
        }
    }

    private static Entry entry(ResultSet row) throws SQLException {
        return new Entry(FrozenSql.uuid(row, "id"), row.getLong("sort_key"), row.getString("search_text"));
    }

    private static void index(Connection c, UUID tenantId, List<Entry> entries) throws SQLException {
        Set<String> fullWords = new LinkedHashSet<>();
        List<Object[]> postings = new ArrayList<>();
        for (Entry e : entries) {
            for (String word : words(e.searchText())) {
                postings.add(new Object[]{tenantId, clip(word), e.sortKey(), e.findingId()});
            }
            fullWords.addAll(words(e.searchText()));
        }
        FrozenSql.batch(c, """
                INSERT INTO finding_terms (tenant_id, term, sort_key, finding_id)
                VALUES (?, ?, ?, ?)
                """, distinctTerms(postings));
        addWords(c, tenantId, new ArrayList<>(fullWords));
    }

    /** One posting per clipped term of a finding, as a set of the clipped words gives them. */
    private static List<Object[]> distinctTerms(List<Object[]> postings) {
        Set<List<Object>> seen = new HashSet<>();
        List<Object[]> distinct = new ArrayList<>();
        for (Object[] posting : postings) {
            if (seen.add(List.of(posting))) {
                distinct.add(posting);
            }
        }
        return distinct;
    }

    private static void addWords(Connection c, UUID tenantId, List<String> all) throws SQLException {
        Set<String> known = new HashSet<>();
        String inArray = FrozenSql.hsqldb(c) ? "suffix IN (UNNEST(?))" : "suffix = ANY (?)";
        for (int i = 0; i < all.size(); i += ARRAY_CHUNK) {
            Object[] chunk = all.subList(i, Math.min(all.size(), i + ARRAY_CHUNK)).stream()
                    .map(V6__Backfill_search_index::clip).toArray();
            Array words = c.createArrayOf("VARCHAR", chunk);
            known.addAll(FrozenSql.list(c, "SELECT word FROM search_words WHERE tenant_id = ? AND " + inArray
                    + " AND suffix = word", row -> row.getString(1), tenantId, words));
        }
        Set<String> added = new HashSet<>();
        List<Object[]> rows = new ArrayList<>();
        for (String word : all) {
            String term = clip(word);
            if (known.contains(term) || !added.add(term)) {
                continue;
            }
            Set<String> suffixes = new LinkedHashSet<>();
            for (int i = 0; i + MIN_LENGTH <= word.length(); i++) {
                suffixes.add(clip(word.substring(i)));
            }
            for (String suffix : suffixes) {
                rows.add(new Object[]{tenantId, suffix, term});
            }
        }
        FrozenSql.batch(c, "INSERT INTO search_words (tenant_id, suffix, word) VALUES (?, ?, ?)", rows);
    }

    /** The distinct words of a search text, unclipped, in order. */
    private static Set<String> words(String text) {
        Set<String> words = new LinkedHashSet<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean letter = i < text.length() && Character.isLetterOrDigit(text.charAt(i));
            if (letter && start < 0) {
                start = i;
            } else if (!letter && start >= 0) {
                if (i - start >= MIN_LENGTH) {
                    words.add(text.substring(start, i));
                }
                start = -1;
            }
        }
        return words;
    }

    private static String clip(String word) {
        return word.length() <= MAX ? word : word.substring(0, MAX);
    }
}
