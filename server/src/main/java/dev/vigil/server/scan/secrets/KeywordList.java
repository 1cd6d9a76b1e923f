package dev.vigil.server.scan.secrets;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The keywords in flat arrays, grouped by the gram of their first three bytes and shortest first, for the
 * exact comparison at a place the {@link KeywordIndex} found. A keyword's first eight bytes are compared as
 * one {@code long}, its letters through their case bit (a byte {@code b} has {@code b | 0x20 == 'k'} only if
 * it is {@code 'k'} or {@code 'K'}); the bytes after the eighth one by one. Arrays of primitives, not objects,
 * because every candidate would otherwise chase four references through memory.
 */
final class KeywordList {

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int HEAD = Long.BYTES;
    private static final int CASE_BIT = 0x20;

    /** By gram: 1 + the index of the first keyword with that gram, 0 for none. */
    private final short[] firstOfGram;
    private final int[] grams;
    private final int[] lengths;
    private final long[] heads;
    private final long[] headMasks;
    private final long[] headCaseBits;
    private final byte[][] tails;
    private final int[][] rules;

    /** {@code rulesByKeyword}: lower-case ASCII keywords, each with a gram by {@code gramOf}. */
    KeywordList(Map<String, int[]> rulesByKeyword, ToIntFunction<String> gramOf, int gramCount) {
        List<String> keywords = rulesByKeyword.keySet().stream()
                .sorted(Comparator.comparingInt(gramOf).thenComparingInt(String::length)).toList();
        int count = keywords.size();
        if (count >= Short.MAX_VALUE) {
            throw new IllegalStateException("secrets rules: more than " + (Short.MAX_VALUE - 1) + " keywords");
        }
        firstOfGram = new short[gramCount];
        grams = new int[count];
        lengths = new int[count];
        heads = new long[count];
        headMasks = new long[count];
        headCaseBits = new long[count];
        tails = new byte[count][];
        rules = new int[count][];
        for (int k = count - 1; k >= 0; k--) {
            String keyword = keywords.get(k);
            grams[k] = gramOf.applyAsInt(keyword);
            firstOfGram[grams[k]] = (short) (k + 1);
            lengths[k] = keyword.length();
            rules[k] = rulesByKeyword.get(keyword);
            tails[k] = keyword.length() > HEAD ? keyword.substring(HEAD).getBytes(StandardCharsets.US_ASCII) : new byte[0];
            for (int i = 0; i < Math.min(HEAD, keyword.length()); i++) {
                char c = keyword.charAt(i);
                heads[k] |= (long) c << (8 * i);
                headMasks[k] |= 0xFFL << (8 * i);
                headCaseBits[k] |= c >= 'a' && c <= 'z' ? (long) CASE_BIT << (8 * i) : 0;
            }
        }
    }

    /** Reports each keyword with {@code gram} that occurs at {@code start} of {@code text}, shortest first. */
    void reportAt(byte[] text, int start, int gram, KeywordFinder.Hits hits) {
        int first = firstOfGram[gram] - 1;
        if (first < 0) {
            return;
        }
        long head = headAt(text, start);
        for (int k = first; k < grams.length && grams[k] == gram; k++) {
            if (start + lengths[k] <= text.length && ((head | headCaseBits[k]) & headMasks[k]) == heads[k]
                    && tailAt(text, start + HEAD, tails[k])) {
                hits.keyword(start, start + lengths[k], rules[k]);
            }
        }
    }

    /** The eight bytes from {@code start} as a little-endian {@code long}, 0 past the end of the text. */
    private static long headAt(byte[] text, int start) {
        if (start + HEAD <= text.length) {
            return (long) LONG.get(text, start);
        }
        long head = 0;
        for (int i = start; i < text.length; i++) {
            head |= (text[i] & 0xFFL) << (8 * (i - start));
        }
        return head;
    }

    private static boolean tailAt(byte[] text, int from, byte[] tail) {
        for (int i = 0; i < tail.length; i++) {
            int c = text[from + i];
            if ((c >= 'A' && c <= 'Z' ? c | CASE_BIT : c) != tail[i]) {
                return false;
            }
        }
        return true;
    }
}
