package dev.vigil.server.scan.secrets;

import org.ahocorasick.trie.PayloadTrie;
import org.ahocorasick.trie.handler.PayloadEmitHandler;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keyword prefilter. A case-insensitive Aho-Corasick trie maps every rule keyword to the rules that
 * use it, so only those rules' regexes run. In front of the trie, bitmaps of the keywords' first three,
 * four, six and eight characters (case-folded) tell a scanner, at a nanosecond or two a character, where a
 * keyword may start: the trie then runs over the length of the longest keyword with that start only.
 */
final class KeywordIndex {

    static final int END = -1;
    private static final int BITS = 6;
    private static final int GRAM_MASK = (1 << (3 * BITS)) - 1;
    private static final int QUAD_BITS = 16;
    private static final byte QUAD = 1;
    private static final byte QUAD_THEN_SIX = 2;
    private static final byte QUAD_THEN_EIGHT = 4;
    private static final int SIX = 6;
    private static final int EIGHT = 8;
    private static final byte[] FOLD = foldTable();
    /** {@link #FOLD} by unsigned byte: bytes of characters beyond ASCII fold to 0, as those characters do. */
    private static final byte[] FOLD_BYTES = Arrays.copyOf(FOLD, 256);

    private final PayloadTrie<int[]> trie;
    /** One byte per gram (not a bitmap): the hottest test of the scan is then a single load. */
    private final byte[] prefixes = new byte[1 << (3 * BITS)];
    private final long[] shortKeywords = new long[(1 << (3 * BITS)) / 64];
    private final byte[] quadKinds = new byte[1 << QUAD_BITS];
    private final long[] sixes = new long[(1 << QUAD_BITS) / 64];
    private final long[] eights = new long[(1 << QUAD_BITS) / 64];
    private final byte[] longestByPrefix = new byte[1 << (3 * BITS)];

    KeywordIndex(List<SecretRule> rules) {
        Map<String, int[]> rulesByKeyword = new LinkedHashMap<>();
        for (int index = 0; index < rules.size(); index++) {
            for (String keyword : rules.get(index).keywords()) {
                int[] known = rulesByKeyword.getOrDefault(keyword, new int[0]);
                int[] more = Arrays.copyOf(known, known.length + 1);
                more[known.length] = index;
                rulesByKeyword.put(keyword, more);
            }
        }
        PayloadTrie.PayloadTrieBuilder<int[]> builder = PayloadTrie.<int[]>builder().ignoreCase();
        rulesByKeyword.forEach((keyword, ruleIndexes) -> {
            builder.addKeyword(keyword, ruleIndexes);
            index(keyword.toLowerCase(Locale.ROOT));
        });
        this.trie = builder.build();
    }

    private void index(String keyword) {
        int gram = next(next(next(0, keyword.charAt(0)), keyword.charAt(1)), keyword.charAt(2));
        prefixes[gram] = 1;
        longestByPrefix[gram] = (byte) Math.max(longestByPrefix[gram], keyword.length());
        if (keyword.length() == 3) {
            set(shortKeywords, gram);
        } else if (keyword.length() < SIX) {
            quadKinds[quad(gram, keyword.charAt(3))] |= QUAD;
        } else if (keyword.length() < EIGHT) {
            quadKinds[quad(gram, keyword.charAt(3))] |= QUAD_THEN_SIX;
            set(sixes, prefixHash(keyword, 0, SIX));
        } else {
            quadKinds[quad(gram, keyword.charAt(3))] |= QUAD_THEN_EIGHT;
            set(eights, prefixHash(keyword, 0, EIGHT));
        }
    }

    /** The length of the longest keyword that starts with the three characters of {@code gram}. */
    int longestKeyword(int gram) {
        return longestByPrefix[gram];
    }

    /** The rolling three-character gram after {@code c}; 0 at a line start (a newline folds to 0). */
    static int next(int gram, char c) {
        return ((gram << BITS) | fold(c)) & GRAM_MASK;
    }

    /** The same over an ASCII byte: bytes of other characters are 0, which no keyword holds. */
    static int next(int gram, byte b) {
        return ((gram << BITS) | FOLD[b & 0x7F]) & GRAM_MASK;
    }

    /**
     * The first offset in {@code text} where a keyword may start and whose first three characters end at or
     * after {@code from}, or {@link #END}. {@code text} is either the bytes of an ASCII file or the ASCII view
     * of a text (one byte per character, 0 for any other). After a candidate at
     * {@code c}, the next search starts from {@code c + 3}.
     */
    int nextCandidate(byte[] text, int from) {
        byte[] prefixes = this.prefixes;
        byte[] fold = FOLD_BYTES;
        int gram = 0;
        for (int i = Math.max(0, from - 2); i < from; i++) {
            gram = ((gram << BITS) | fold[text[i] & 0xFF]) & GRAM_MASK;
        }
        for (int i = from; i < text.length; i++) {
            gram = ((gram << BITS) | fold[text[i] & 0xFF]) & GRAM_MASK;
            if (prefixes[gram] != 0 && i >= 2 && mayStartKeyword(gram, text, i - 2)) {
                return i - 2;
            }
        }
        return END;
    }

    /** The three-character gram of {@code text} at {@code start}. */
    static int gramAt(byte[] text, int start) {
        return next(next(next(0, text[start]), text[start + 1]), text[start + 2]);
    }

    /**
     * Whether a keyword may start at {@code start} of {@code text} (the ASCII view of a text: one byte per
     * character, 0 for any other character), whose first three characters make
     * {@code gram}: a three-character keyword, or the first four characters of a keyword of four or five, the
     * first six of one of six or seven, the first eight of a longer one.
     */
    private boolean mayStartKeyword(int gram, byte[] text, int start) {
        if (isSet(shortKeywords, gram)) {
            return true;
        }
        int length = text.length;
        int kinds = quadKinds[quad(gram, start + 3 < length ? (char) text[start + 3] : 0)];
        if (kinds == 0 || (kinds & QUAD) != 0) {
            return kinds != 0;
        }
        if ((kinds & QUAD_THEN_SIX) != 0 && start + SIX <= length && isSet(sixes, prefixHash(text, start, SIX))) {
            return true;
        }
        return (kinds & QUAD_THEN_EIGHT) != 0 && start + EIGHT <= length
                && isSet(eights, prefixHash(text, start, EIGHT));
    }

    /** Reports every keyword occurrence in {@code text}, with the indexes of the rules that use it. */
    void hits(CharSequence text, PayloadEmitHandler<int[]> handler) {
        trie.parseText(text, handler);
    }

    private static int quad(int gram, char fourth) {
        int four = (gram << BITS) | fold(fourth);
        return (four * 0x9E3779B1) >>> (32 - QUAD_BITS);
    }

    private static int prefixHash(String keyword, int start, int count) {
        int hash = 0;
        for (int i = start; i < start + count; i++) {
            hash = hash * 31 + fold(keyword.charAt(i));
        }
        return (hash * 0x9E3779B1) >>> (32 - QUAD_BITS);
    }

    private static int prefixHash(byte[] text, int start, int count) {
        int hash = 0;
        for (int i = start; i < start + count; i++) {
            hash = hash * 31 + fold((char) text[i]);
        }
        return (hash * 0x9E3779B1) >>> (32 - QUAD_BITS);
    }

    private static int fold(char c) {
        return c < 128 ? FOLD[c] : 0;
    }

    private static void set(long[] bitmap, int bit) {
        bitmap[bit >>> 6] |= 1L << bit;
    }

    private static boolean isSet(long[] bitmap, int bit) {
        return (bitmap[bit >>> 6] & (1L << bit)) != 0;
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
