package dev.vigil.server.scan.secrets;

/**
 * Finds where rule keywords occur in a text: the prefilter that decides where any regex runs.
 *
 * <p>Contract: {@code text} is the ASCII view of a file (one byte per character, at the character's
 * offset; 0 for a character beyond ASCII). An implementation MUST report every occurrence of every keyword,
 * compared case-insensitively over ASCII (a byte beyond ASCII or 0 never matches), exactly once, in order of
 * start and, at one start, of length; with the indexes of the rules that use the keyword, ascending. It MUST
 * NOT report anything else, and MAY be called from several threads at once.
 */
interface KeywordFinder {

    void find(byte[] text, Hits hits);

    /** Receives keyword occurrences. */
    interface Hits {

        /** The keyword at {@code [start, end)} of the text is used by {@code rules} (not to be modified). */
        void keyword(int start, int end, int[] rules);
    }
}
