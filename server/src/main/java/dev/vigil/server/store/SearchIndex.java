package dev.vigil.server.store;

import dev.vigil.server.store.SearchTerms.Token;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The term index of findings' {@code search_text}: {@code finding_terms} holds one posting per word of a
 * finding, in list order ({@code tenant_id, term, sort_key, finding_id}); {@code search_words} is each
 * tenant's vocabulary by suffix, so that a word of a search that may sit inside a longer word finds the
 * words that contain it. Written in the merge's transaction; read to pick the postings a search walks.
 */
public final class SearchIndex {

    /** A search word matching more vocabulary words than this is not used to seek. */
    static final int MAX_WORDS = 64;
    /** Postings counted per word when choosing the word to seek on; also the most a multi-word seek sorts. */
    static final int COUNT_CAP = 500;
    /** At most this many of a search's words are considered, in the order {@link #plan} counts them. */
    private static final int MAX_TOKENS = 6;
    private static final int ARRAY_CHUNK = 1_000;
    private static final int BACKFILL_BATCH = 2_000;

    /** A finding's indexed state: its id, its list position and its stored search text. */
    public record Entry(UUID findingId, long sortKey, String searchText) {
    }

    /**
     * How a search reaches its candidates: the words whose postings hold all of them, or none (walk), and
     * how many postings they have (counted up to {@link #COUNT_CAP}).
     */
    public record Plan(List<String> words, long postings) {
        public Plan {
            words = List.copyOf(words);
        }

        static final Plan WALK = new Plan(List.of(), COUNT_CAP);

        /** Whether the words' postings are few enough to read them all and sort them. */
        public boolean few() {
            return !walk() && postings < COUNT_CAP;
        }

        public boolean walk() {
            return words.isEmpty();
        }
    }

    /** A vocabulary word found for the {@code token}-th search word that needed the vocabulary. */
    private record VocabularyRow(int token, String word) {
    }

    private SearchIndex() {
    }

    /** Adds the postings of {@code entries} and the words the tenant's vocabulary lacks. */
    public static void add(Connection c, UUID tenantId, Collection<Entry> entries) throws SQLException {
        if (entries.isEmpty()) {
            return;
        }
        Set<String> fullWords = new LinkedHashSet<>();
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO finding_terms (tenant_id, term, sort_key, finding_id) VALUES (?, ?, ?, ?)")) {
            int rows = 0;
            for (Entry e : entries) {
                for (String term : SearchTerms.words(e.searchText())) {
                    Sql.bind(insert, tenantId, term, e.sortKey(), e.findingId());
                    insert.addBatch();
                    rows++;
                }
                fullWords.addAll(SearchTerms.fullWords(e.searchText()));
            }
            executeBatch(insert, rows);
        }
        addWords(c, tenantId, fullWords);
    }

    /** Removes the postings of {@code entries} (as they were indexed); the vocabulary keeps their words. */
    public static void remove(Connection c, UUID tenantId, Collection<Entry> entries) throws SQLException {
        if (entries.isEmpty()) {
            return;
        }
        try (PreparedStatement delete = c.prepareStatement(
                "DELETE FROM finding_terms WHERE tenant_id = ? AND term = ? AND sort_key = ? AND finding_id = ?")) {
            int rows = 0;
            for (Entry e : entries) {
                for (String term : SearchTerms.words(e.searchText())) {
                    Sql.bind(delete, tenantId, term, e.sortKey(), e.findingId());
                    delete.addBatch();
                    rows++;
                }
            }
            executeBatch(delete, rows);
        }
    }

    /**
     * Indexes every finding (the migration that introduced the index): tenant by tenant, in list order, in
     * batches read by keyset so that no tenant is held in memory.
     */
    public static void backfill(Connection c) throws SQLException {
        String limit = Dialect.of(c).limitUsingIndex(BACKFILL_BATCH);
        for (UUID tenantId : Sql.list(c, "SELECT DISTINCT tenant_id FROM findings", row -> Sql.uuid(row, "tenant_id"))) {
            List<Entry> batch = Sql.list(c, """
                    SELECT id, sort_key, search_text FROM findings WHERE tenant_id = ?
                    ORDER BY tenant_id, sort_key, id
                    """ + limit, SearchIndex::entry, tenantId);
            while (!batch.isEmpty()) {
                add(c, tenantId, batch);
                Entry last = batch.getLast();
                batch = Sql.list(c, """
                        SELECT id, sort_key, search_text FROM findings
                        WHERE tenant_id = ? AND sort_key >= ? AND NOT (sort_key = ? AND id <= ?)
                        ORDER BY tenant_id, sort_key, id
                        """ + limit, SearchIndex::entry, tenantId, last.sortKey(), last.sortKey(), last.findingId());
            }
        }
    }

    private static Entry entry(ResultSet row) throws SQLException {
        return new Entry(Sql.uuid(row, "id"), row.getLong("sort_key"), row.getString("search_text"));
    }

    /**
     * Vocabulary rows for the words the tenant has not seen. Two merges adding the same new word at once both
     * insert it (the table has no unique key, so neither waits nor fails); readers take distinct words.
     */
    private static void addWords(Connection c, UUID tenantId, Set<String> fullWords) throws SQLException {
        List<String> all = new ArrayList<>(fullWords);
        Set<String> known = new HashSet<>();
        // one array parameter, so that each word is a seek
        String sql = "SELECT word FROM search_words WHERE tenant_id = ? AND " + Dialect.of(c).inArray("suffix")
                + " AND suffix = word";
        for (int i = 0; i < all.size(); i += ARRAY_CHUNK) {
            Object[] chunk = all.subList(i, Math.min(all.size(), i + ARRAY_CHUNK)).stream()
                    .map(SearchTerms::clip).toArray();
            Array words = c.createArrayOf("VARCHAR", chunk);
            known.addAll(Sql.list(c, sql, row -> row.getString(1), tenantId, words));
        }
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO search_words (tenant_id, suffix, word) VALUES (?, ?, ?)")) {
            Set<String> added = new HashSet<>();
            int rows = 0;
            for (String word : all) {
                String term = SearchTerms.clip(word);
                if (known.contains(term) || !added.add(term)) {
                    continue;
                }
                for (String suffix : SearchTerms.suffixes(word)) {
                    Sql.bind(insert, tenantId, suffix, term);
                    insert.addBatch();
                    rows++;
                }
            }
            executeBatch(insert, rows);
        }
    }

    /**
     * The postings a search walks: among the search's words that can seek (a whole word, or a word of at
     * least three characters whose containing vocabulary words are few), the one with the fewest postings
     * ({@code counts}). Words with digits are looked at first (ids and numbers are rare), and a word with no
     * postings ends the choice. {@link Plan#WALK} when none can seek, or when the cheapest needs several
     * words with many postings in all.
     */
    public static Plan plan(Connection c, UUID tenantId, String loweredSearch, PostingCounts counts)
            throws SQLException {
        List<Token> tokens = new ArrayList<>(new LinkedHashSet<>(SearchTerms.tokens(loweredSearch)));
        tokens.sort(Comparator.comparing((Token t) -> t.text().chars().noneMatch(Character::isDigit))
                .thenComparing(t -> !t.exact()).thenComparing(t -> -t.text().length()));
        List<Token> considered = tokens.subList(0, Math.min(MAX_TOKENS, tokens.size()));
        Map<Token, Optional<List<String>>> vocabulary = words(c, tenantId, considered);
        Optional<List<String>> best = Optional.empty();
        long bestCount = COUNT_CAP;
        for (Token token : considered) {
            Optional<List<String>> words = vocabulary.get(token);
            if (words.isEmpty()) {
                continue;
            }
            long count = postings(c, tenantId, words.get(), bestCount, counts);
            if (best.isEmpty() || count < bestCount) {
                best = words;
                bestCount = count;
            }
            if (count == 0) {
                break;
            }
        }
        if (best.isEmpty() || (best.get().size() > 1 && bestCount >= COUNT_CAP)) {
            return Plan.WALK;
        }
        // no word at all: nothing can match; an impossible term keeps the plan a seek
        return new Plan(best.get().isEmpty() ? List.of("") : best.get(), bestCount);
    }

    /**
     * Each token's vocabulary words: the token itself when it is a whole word, else the words that contain it,
     * empty (cannot seek) when it is too short or they are too many. The tokens that need the vocabulary read
     * it in one statement, one round trip per search instead of one per word.
     */
    private static Map<Token, Optional<List<String>>> words(Connection c, UUID tenantId, List<Token> tokens)
            throws SQLException {
        Map<Token, Optional<List<String>>> words = new HashMap<>();
        List<Token> containing = new ArrayList<>();
        for (Token token : tokens) {
            String text = SearchTerms.clip(token.text());
            if (text.length() < SearchTerms.MIN_LENGTH) {
                words.put(token, Optional.empty());
            } else if (token.exact()) {
                words.put(token, Optional.of(List.of(text)));
            } else {
                containing.add(token);
            }
        }
        if (containing.isEmpty()) {
            return words;
        }
        List<String> lookups = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        for (int i = 0; i < containing.size(); i++) {
            lookups.add("SELECT " + i + " AS token, word FROM (SELECT word FROM search_words"
                    + " WHERE tenant_id = ? AND suffix >= ? AND suffix < ? LIMIT ?) AS words" + i);
            String text = SearchTerms.clip(containing.get(i).text());
            params.addAll(List.of(tenantId, text, SearchTerms.prefixEnd(text), 4 * MAX_WORDS));
        }
        List<VocabularyRow> found = Sql.list(c, String.join(" UNION ALL ", lookups),
                row -> new VocabularyRow(row.getInt(1), row.getString(2)), params.toArray());
        Map<Integer, List<String>> byToken = found.stream().collect(Collectors.groupingBy(VocabularyRow::token,
                Collectors.mapping(VocabularyRow::word, Collectors.toList())));
        for (int i = 0; i < containing.size(); i++) {
            List<String> rows = byToken.getOrDefault(i, List.of());
            Set<String> distinct = new LinkedHashSet<>(rows);
            boolean tooMany = rows.size() == 4 * MAX_WORDS || distinct.size() > MAX_WORDS;
            words.put(containing.get(i), tooMany ? Optional.empty() : Optional.of(List.copyOf(distinct)));
        }
        return words;
    }

    /** The postings of {@code words}, summed no further than {@code cap}. */
    private static long postings(Connection c, UUID tenantId, List<String> words, long cap, PostingCounts counts)
            throws SQLException {
        long count = 0;
        for (String word : words) {
            if (count >= cap) {
                break;
            }
            count += counts.count(c, tenantId, word);
        }
        return Math.min(count, cap);
    }

    /** HSQLDB refuses to execute an empty batch. */
    private static void executeBatch(PreparedStatement statement, int rows) throws SQLException {
        if (rows > 0) {
            statement.executeBatch();
        }
    }

}
