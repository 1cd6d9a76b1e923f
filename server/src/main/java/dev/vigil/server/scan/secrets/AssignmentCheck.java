package dev.vigil.server.scan.secrets;

/**
 * A cheap necessary condition for the {@code {{assign}}} and {@code {{end}}} macros of {@link RuleCompiler}:
 * after a key, a few key characters, quotes or spaces, an assignment operator, then a value of
 * {@link #MIN_VALUE} to {@link #MAX_VALUE} characters that ends where a value may end (a quote, a space, {@code ;}, the end).
 * Rules whose regex starts with a key and {@code {{assign}}} run their regex only where this holds, which
 * spares the regex on the many lines that merely mention a key ({@code keySet()},
 * {@code String key = map.get(k)}). Unless the value holds a backslash (where an escaped newline may end
 * it early), it is exactly what the regex would capture as the secret, so the rule's cheap allowlist
 * checks can run on it before the regex. One instance per session; not thread-safe.
 */
final class AssignmentCheck {

    static final int MIN_VALUE = 8;
    /** No {@code {{assign}}} rule's value is longer (the generic rule caps its values at 260 characters). */
    static final int MAX_VALUE = 300;
    private static final int KEY_TAIL = 64;
    private static final int QUOTES = 3;
    private static final int VALUE_LEAD = 5;

    private static final String WORD = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    private static final boolean[] KEY_CHARS = chars(WORD + "\t .-");
    private static final boolean[] QUOTE_CHARS = chars("'\"\t ");
    private static final boolean[] OPERATOR_CHARS = chars("=>:|?,");
    private static final boolean[] LEAD_CHARS = chars("`'\"\t =:>|");
    /** After an XML tag's {@code >}, the element's text may start on the next line. */
    private static final boolean[] TAG_LEAD_CHARS = chars("`'\"\n\r\t =:>|");
    private static final boolean[] END_CHARS = chars("`'\"\n\r\t\f ;");
    private static final boolean[] VALUE_CHARS = valueChars();

    private int valueStart;
    private int valueEnd;
    private boolean escaped;

    /** Whether an assignment of a long enough value starts at {@code from} (just after a keyword), within {@code end}. */
    boolean find(CharSequence text, int from, int end) {
        int i = skip(text, from, end, KEY_TAIL, KEY_CHARS);
        i = skip(text, i, end, QUOTES, QUOTE_CHARS);
        if (i >= end || !is(OPERATOR_CHARS, text.charAt(i))) {
            return false;
        }
        i = skip(text, i + 1, end, VALUE_LEAD + 2, text.charAt(i) == '>' ? TAG_LEAD_CHARS : LEAD_CHARS);
        valueStart = i;
        escaped = false;
        int limit = Math.min(end, i + MAX_VALUE + 1);
        while (i < limit && isValueChar(text.charAt(i))) {
            escaped |= text.charAt(i) == '\\';
            i++;
        }
        valueEnd = i;
        int length = i - valueStart;
        return length >= MIN_VALUE && length <= MAX_VALUE && (i >= end || escaped || is(END_CHARS, text.charAt(i)));
    }

    int valueStart() {
        return valueStart;
    }

    int valueEnd() {
        return valueEnd;
    }

    /** Whether the value holds a backslash, so the regex may capture less than it. */
    boolean escaped() {
        return escaped;
    }

    private static int skip(CharSequence text, int from, int end, int most, boolean[] chars) {
        int i = from;
        while (i < end && i - from < most && is(chars, text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean is(boolean[] chars, char c) {
        return c < 128 && chars[c];
    }

    private static boolean[] valueChars() {
        boolean[] chars = new boolean[128];
        for (char c = '!'; c < 127; c++) {
            chars[c] = "\"'`,;()[]{}<>".indexOf(c) < 0;
        }
        return chars;
    }

    private static boolean[] chars(String set) {
        boolean[] chars = new boolean[128];
        set.chars().forEach(c -> chars[c] = true);
        return chars;
    }

    /**
     * The characters any {@code {{assign}}} rule's value class may hold: printable ASCII but quotes, brackets,
     * parentheses, {@code ,} and {@code ;}, which end a value or show code rather than a literal.
     */
    private static boolean isValueChar(char c) {
        return is(VALUE_CHARS, c);
    }
}
