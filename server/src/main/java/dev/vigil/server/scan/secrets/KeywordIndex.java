package dev.vigil.server.scan.secrets;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keyword prefilter: two small tables over 5-bit codes of the bytes (a letter has one code in either
 * case) in front of a {@link KeywordList}. One pass rolls the codes of the last three bytes into a 15-bit
 * gram and looks it up in {@link #firstThree}: does some keyword start so? Only there (a few percent of
 * the bytes of source code) does a bitmap of the keywords' first four bytes rule out most places, and the
 * keywords that start with the gram are compared at the rest. The loop's one branch is that lookup, its
 * table fits the processor's first-level cache; docs/adr/0024-hand-written-keyword-table.md gives the
 * measurements that made this replace the Aho-Corasick library.
 */
final class KeywordIndex implements KeywordFinder {

    private static final int BITS = 5;
    private static final int THREE_MASK = (1 << (3 * BITS)) - 1;
    private static final int FOUR_MASK = (1 << (4 * BITS)) - 1;
    private static final int END = -1;
    private static final int OTHER = (1 << BITS) - 1;
    /** The code of each byte: letters 1-26 in either case, digits 27, '_' 28, '-' 29, '.' 30, any other 31. */
    private static final byte[] CODES = codes();
    private static final byte SHORT = 1;
    private static final byte LONGER = 2;

    /** By the gram of a keyword's first three bytes: whether {@link #SHORT} (three-byte) or {@link #LONGER} keywords start so. */
    private final byte[] firstThree = new byte[1 << (3 * BITS)];
    /** A bit for the 20-bit gram of the first four bytes of every keyword of four or more. */
    private final long[] firstFour = new long[(1 << (4 * BITS)) / Long.SIZE];
    private final KeywordList keywords;

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
        for (String keyword : rulesByKeyword.keySet()) {
            int three = gram(keyword, 3);
            firstThree[three] |= keyword.length() == 3 ? SHORT : LONGER;
            if (keyword.length() > 3) {
                int four = gram(keyword, 4);
                firstFour[four >>> 6] |= 1L << four;
            }
        }
        this.keywords = new KeywordList(rulesByKeyword, keyword -> gram(keyword, 3), firstThree.length);
    }

    @Override
    public void find(byte[] text, Hits hits) {
        for (int start = nextCandidate(text, 0); start != END; start = nextCandidate(text, start + 1)) {
            int gram = gramAt(text, start);
            if ((firstThree[gram] & SHORT) != 0 || mayStartLonger(text, start + 3, gram)) {
                keywords.reportAt(text, start, gram, hits);
            }
        }
    }

    /**
     * The hot loop: the first place at or after {@code from} where the first three bytes of a keyword may
     * start, or {@link #END}. It returns rather than reports, and leaves the 4-gram to the caller, so that it
     * stays small enough for the compiler to keep in registers (measured: reporting from inside the loop
     * made the whole engine about 20% slower; testing the 4-gram inside, the loop about 5% slower).
     */
    private int nextCandidate(byte[] text, int from) {
        byte[] codes = CODES;
        byte[] firstThree = this.firstThree;
        if (from + 2 >= text.length) {
            return END;
        }
        int gram = (codes[text[from] & 0xFF] << BITS) | codes[text[from + 1] & 0xFF];
        for (int i = from + 2; i < text.length; i++) {
            gram = (gram << BITS) | codes[text[i] & 0xFF];
            if (firstThree[gram & THREE_MASK] != 0) {
                return i - 2;
            }
        }
        return END;
    }

    /** Whether the three bytes of {@code gram} and the byte at {@code fourth} start a keyword of four or more. */
    private boolean mayStartLonger(byte[] text, int fourth, int gram) {
        if (fourth >= text.length) {
            return false;
        }
        int four = ((gram << BITS) | CODES[text[fourth] & 0xFF]) & FOUR_MASK;
        return (firstFour[four >>> 6] & (1L << four)) != 0;
    }

    private static int gramAt(byte[] text, int start) {
        return (CODES[text[start] & 0xFF] << (2 * BITS)) | (CODES[text[start + 1] & 0xFF] << BITS)
                | CODES[text[start + 2] & 0xFF];
    }

    private static int gram(String keyword, int length) {
        int gram = 0;
        for (int i = 0; i < length; i++) {
            gram = (gram << BITS) | CODES[keyword.charAt(i)];
        }
        return gram;
    }

    private static byte[] codes() {
        byte[] codes = new byte[256];
        Arrays.fill(codes, (byte) OTHER);
        for (char c = 'a'; c <= 'z'; c++) {
            codes[c] = (byte) (c - 'a' + 1);
            codes[Character.toUpperCase(c)] = (byte) (c - 'a' + 1);
        }
        for (char c = '0'; c <= '9'; c++) {
            codes[c] = 'z' - 'a' + 2;
        }
        codes['_'] = OTHER - 3;
        codes['-'] = OTHER - 2;
        codes['.'] = OTHER - 1;
        return codes;
    }
}
