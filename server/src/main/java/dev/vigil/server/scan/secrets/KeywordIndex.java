package dev.vigil.server.scan.secrets;

import org.ahocorasick.trie.PayloadTrie;
import org.ahocorasick.trie.handler.PayloadEmitHandler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keyword prefilter. A case-insensitive Aho-Corasick trie maps every rule keyword to the rules that
 * use it, so only those rules' regexes run. In front of the trie, a bitmap of the keywords' first three
 * characters (case-folded) lets a scanner skip, at a few nanoseconds a character, lines where no keyword
 * can start.
 */
final class KeywordIndex {

    private static final int BITS = 6;
    private static final int GRAM_MASK = (1 << (3 * BITS)) - 1;
    private static final byte[] FOLD = foldTable();

    private final PayloadTrie<int[]> trie;
    private final long[] grams = new long[(1 << (3 * BITS)) / 64];

    KeywordIndex(List<SecretRule> rules) {
        Map<String, int[]> rulesByKeyword = new LinkedHashMap<>();
        for (int index = 0; index < rules.size(); index++) {
            for (String keyword : rules.get(index).keywords()) {
                int[] known = rulesByKeyword.getOrDefault(keyword, new int[0]);
                int[] more = java.util.Arrays.copyOf(known, known.length + 1);
                more[known.length] = index;
                rulesByKeyword.put(keyword, more);
            }
        }
        PayloadTrie.PayloadTrieBuilder<int[]> builder = PayloadTrie.<int[]>builder().ignoreCase();
        rulesByKeyword.forEach((keyword, ruleIndexes) -> {
            builder.addKeyword(keyword, ruleIndexes);
            int gram = 0;
            for (int i = 0; i < 3; i++) {
                gram = next(gram, keyword.toLowerCase(Locale.ROOT).charAt(i));
            }
            grams[gram >>> 6] |= 1L << gram;
        });
        this.trie = builder.build();
    }

    /** The rolling three-character gram after {@code c}; start from 0 at a line start. */
    static int next(int gram, char c) {
        return ((gram << BITS) | (c < 128 ? FOLD[c] : 0)) & GRAM_MASK;
    }

    /** Whether a keyword may start with the three characters of {@code gram}. */
    boolean mayStartKeyword(int gram) {
        return (grams[gram >>> 6] & (1L << gram)) != 0;
    }

    /** Reports every keyword occurrence in {@code text}, with the indexes of the rules that use it. */
    void hits(CharSequence text, PayloadEmitHandler<int[]> handler) {
        trie.parseText(text, handler);
    }

    private static byte[] foldTable() {
        byte[] fold = new byte[128];
        int code = 1;
        for (char c = 'a'; c <= 'z'; c++) {
            fold[c] = (byte) code;
            fold[Character.toUpperCase(c)] = (byte) code++;
        }
        for (char c = '0'; c <= '9'; c++) {
            fold[c] = (byte) code++;
        }
        for (char c : "_-.:/=~<\"'@ $".toCharArray()) {
            fold[c] = (byte) code++;
        }
        for (int c = 1; c < 128; c++) {
            if (fold[c] == 0 && c != '\n') {
                fold[c] = (byte) ((1 << BITS) - 1);
            }
        }
        return fold;
    }
}
