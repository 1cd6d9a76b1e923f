package dev.vigil.server.scan.secrets;

/**
 * A cheap necessary condition for the {@code {{assign}}} and {@code {{end}}} macros of {@link RuleCompiler}:
 * after a key, a few key characters, quotes or spaces, an assignment operator, then a value of at least
 * {@link #MIN_VALUE} characters that ends where a value may end (a quote, a space, {@code ;}, the end). Rules whose regex starts with a key and {@code {{assign}}} run their regex
 * only where this holds, which spares the regex on the many lines that merely mention a key
 * ({@code keySet()}, {@code String key = map.get(k)}).
 */
final class AssignmentCheck {

    static final int MIN_VALUE = 8;
    private static final int KEY_TAIL = 64;
    private static final int QUOTES = 3;
    private static final int VALUE_LEAD = 5;
    private static final int VALUE_TAIL = 3;
    static final int NONE = -1;

    private AssignmentCheck() {
    }

    /**
     * Where the regex of an assignment rule needs to look no further than, or {@link #NONE} when no assignment
     * of a long enough value starts at {@code from} (just after a keyword). The
     * value is the run of characters a rule's value class may hold, and unless it holds a backslash (an
     * escaped newline may end it early) it is the secret, so it must reach the rule's entropy.
     */
    static int valueEnd(CharSequence text, int from, int end, double minEntropy) {
        int i = skip(text, from, end, KEY_TAIL, "\t .-");
        i = skip(text, i, end, QUOTES, "'\"\n\r\t ");
        if (i >= end || "=>:|?,".indexOf(text.charAt(i)) < 0) {
            return NONE;
        }
        i = skip(text, i + 1, end, VALUE_LEAD + 2, "`'\"\n\r\t =:>|");
        int start = i;
        boolean backslash = false;
        while (i < end && isValueChar(text.charAt(i))) {
            backslash |= text.charAt(i) == '\\';
            i++;
        }
        if (i - start < MIN_VALUE || (i < end && !backslash && "`'\"\n\r\t\f ;".indexOf(text.charAt(i)) < 0)) {
            return NONE;
        }
        if (!backslash && minEntropy > 0 && Entropy.shannon(text.subSequence(start, i)) < minEntropy) {
            return NONE;
        }
        return Math.min(end, i + VALUE_TAIL);
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

    /** The characters of every {@code {{assign}}} rule's value class (ASCII letters, digits and {@code _-.=+/%:\}). */
    private static boolean isValueChar(char c) {
        return isWordChar(c) || "-.=+/%:\\".indexOf(c) >= 0;
    }
}
