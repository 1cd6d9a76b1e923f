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

    private int valueStart;
    private int valueEnd;
    private boolean escaped;

    /** Whether an assignment of a long enough value starts at {@code from} (just after a keyword), within {@code end}. */
    boolean find(CharSequence text, int from, int end) {
        int i = skip(text, from, end, KEY_TAIL, "\t .-");
        i = skip(text, i, end, QUOTES, "'\"\n\r\t ");
        if (i >= end || "=>:|?,".indexOf(text.charAt(i)) < 0) {
            return false;
        }
        i = skip(text, i + 1, end, VALUE_LEAD + 2, "`'\"\n\r\t =:>|");
        valueStart = i;
        escaped = false;
        int limit = Math.min(end, i + MAX_VALUE + 1);
        while (i < limit && isValueChar(text.charAt(i))) {
            escaped |= text.charAt(i) == '\\';
            i++;
        }
        valueEnd = i;
        int length = i - valueStart;
        return length >= MIN_VALUE && length <= MAX_VALUE
                && (i >= end || escaped || "`'\"\n\r\t\f ;".indexOf(text.charAt(i)) >= 0);
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

    private static int skip(CharSequence text, int from, int end, int most, String chars) {
        int i = from;
        while (i < end && i - from < most) {
            char c = text.charAt(i);
            if (chars.indexOf(c) < 0 && !(most == KEY_TAIL && isWordChar(c))) {
                break;
            }
            i++;
        }
        return i;
    }

    private static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    /**
     * The characters any {@code {{assign}}} rule's value class may hold: printable ASCII but quotes, brackets,
     * parentheses, {@code ,} and {@code ;}, which end a value or show code rather than a literal.
     */
    private static boolean isValueChar(char c) {
        return c > ' ' && c < 127 && "\"'`,;()[]{}<>".indexOf(c) < 0;
    }
}
