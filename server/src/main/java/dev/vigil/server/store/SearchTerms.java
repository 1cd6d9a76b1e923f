package dev.vigil.server.store;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The words of a finding's lower-cased {@code search_text} and of a search, as the term index stores and
 * seeks them. A word is a maximal run of characters for which {@link Character#isLetterOrDigit(char)} holds;
 * everything else separates words. Words of fewer than {@link #MIN_LENGTH} characters are not indexed (they
 * are common, and a search word that short would not narrow much); terms and suffixes are clipped to
 * {@link #MAX} characters.
 *
 * <p>Why the index can serve a substring search of {@code search_text} exactly: every word of {@code q}
 * occurs inside one word of the text. A word of {@code q} with a separator on both sides in {@code q} is a
 * whole word of the text ({@link Token#exact()}); any other word of {@code q} is a substring of a word of the
 * text, found in the tenant's vocabulary through the suffixes of its words. The candidates are then checked
 * with the same substring test, so the index only narrows, never decides. A search whose words are all
 * shorter than {@link #MIN_LENGTH} cannot seek and walks the list as before.
 */
final class SearchTerms {

    static final int MAX = 64;
    /** Shorter words and suffixes are not stored: a search word of one or two characters cannot seek. */
    static final int MIN_LENGTH = 3;

    /** A word of a search and whether it must be a whole word of the text. */
    record Token(String text, boolean exact) {
    }

    private SearchTerms() {
    }

    /** The distinct words of a stored (lower-cased, clipped) search text, each clipped. */
    static Set<String> words(String searchText) {
        Set<String> words = new LinkedHashSet<>();
        for (int[] run : runs(searchText)) {
            if (run[1] - run[0] >= MIN_LENGTH) {
                words.add(clip(searchText.substring(run[0], run[1])));
            }
        }
        return words;
    }

    /**
     * The words of a stored search text unclipped, for the vocabulary: a long word's late suffixes must be
     * found too.
     */
    static Set<String> fullWords(String searchText) {
        Set<String> words = new LinkedHashSet<>();
        for (int[] run : runs(searchText)) {
            if (run[1] - run[0] >= MIN_LENGTH) {
                words.add(searchText.substring(run[0], run[1]));
            }
        }
        return words;
    }

    /** The vocabulary rows of a word: every suffix of at least {@link #MIN_LENGTH} characters, itself included. */
    static Set<String> suffixes(String word) {
        Set<String> suffixes = new LinkedHashSet<>();
        for (int i = 0; i + MIN_LENGTH <= word.length(); i++) {
            suffixes.add(clip(word.substring(i)));
        }
        return suffixes;
    }

    /** The words of a lower-cased search, in order. */
    static List<Token> tokens(String search) {
        List<Token> tokens = new ArrayList<>();
        for (int[] run : runs(search)) {
            boolean exact = run[0] > 0 && run[1] < search.length();
            tokens.add(new Token(search.substring(run[0], run[1]), exact));
        }
        return tokens;
    }

    static String clip(String word) {
        return word.length() <= MAX ? word : word.substring(0, MAX);
    }

    /** The first string after every string that starts with {@code prefix} (whose last character is a letter or digit). */
    static String prefixEnd(String prefix) {
        char last = prefix.charAt(prefix.length() - 1);
        return prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
    }

    private static List<int[]> runs(String text) {
        List<int[]> runs = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean word = i < text.length() && Character.isLetterOrDigit(text.charAt(i));
            if (word && start < 0) {
                start = i;
            } else if (!word && start >= 0) {
                runs.add(new int[]{start, i});
                start = -1;
            }
        }
        return runs;
    }
}
