package dev.vigil.server.scan.secrets;

import dev.vigil.server.scan.SourceFile;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Finds where each rule's regex must run in a text. Each keyword hit ({@link KeywordFinder}) asks the rules
 * that use the keyword to match. An anchored rule matches starting at the hit, over at most the rest of the
 * line and the next one (a value may sit on the line after its key, as in XML) and never more than
 * {@link #ANCHORED_SPAN} characters. A windowed rule searches its own span around the hit; overlapping
 * windows of one rule are merged, so each character is searched at most once per rule. Either way the work
 * is linear in the text. One instance per session.
 */
final class WindowScanner implements KeywordFinder.Hits {

    static final int ANCHORED_SPAN = 1200;
    private static final byte UNKNOWN = 0;
    private static final byte APPLIES = 1;
    private static final byte DOES_NOT_APPLY = -1;

    /** Receives the places where one rule's regex must run. */
    interface WindowSink {

        /** The regex must match at {@code start} (a keyword that ends at {@code keywordEnd}), within {@code end}. */
        void anchored(int rule, int start, int keywordEnd, int end);

        /** The regex searches {@code [start, end)}. */
        void window(int rule, int start, int end);
    }

    private final List<SecretRule> rules;
    private final KeywordFinder keywords;
    private final int[] pendingStart;
    private final int[] pendingEnd;
    private final int[] touched;
    /** Per rule for the current file: 0 not yet known, 1 applies, -1 does not (its path regex fails). */
    private final byte[] applies;
    private final int[] pathRules;
    private int touchedCount;
    private SourceFile file;
    private String text;
    private int lineStart;
    private int lineEnd;
    private int nextLineEnd;
    private WindowSink sink;

    WindowScanner(List<SecretRule> rules, KeywordFinder keywords) {
        this.rules = rules;
        this.keywords = keywords;
        this.pendingStart = new int[rules.size()];
        this.pendingEnd = new int[rules.size()];
        this.touched = new int[rules.size()];
        this.applies = new byte[rules.size()];
        this.pathRules = IntStream.range(0, rules.size()).filter(rule -> rules.get(rule).path().isPresent()).toArray();
        Arrays.fill(pendingEnd, -1);
        Arrays.fill(applies, APPLIES);
    }

    /** Scans one file. */
    void scan(SourceFile file, WindowSink sink) {
        this.file = file;
        this.text = null;
        this.sink = sink;
        for (int rule : pathRules) {
            applies[rule] = UNKNOWN;
        }
        lineStart = 0;
        lineEnd = -1;
        findKeywords(file);
        flushAll();
        this.file = null;
        this.text = null;
        this.sink = null;
    }

    /**
     * Finds every keyword in the ASCII view of the file's text. When the text has as many characters as the
     * file has bytes, each character was decoded from one byte (an ASCII character, or a malformed byte
     * decoded as U+FFFD; neither kind of byte is in any keyword), so the bytes serve as the view: most source
     * files are ASCII, and decoding them (which the rules need anyway) costs less than checking them.
     */
    private void findKeywords(SourceFile file) {
        text = file.text();
        keywords.find(text.length() == file.size() ? file.content() : asciiView(text), this);
    }

    /** One byte per character of {@code text}, at the same offsets: ASCII characters as they are, others as 0. */
    private static byte[] asciiView(String text) {
        byte[] view = new byte[text.length()];
        for (int i = 0; i < view.length; i++) {
            char c = text.charAt(i);
            view[i] = c < 128 ? (byte) c : 0;
        }
        return view;
    }

    @Override
    public void keyword(int start, int end, int[] rulesOfKeyword) {
        if (lineEnd < start) {
            lineStart = -1;
            nextLineEnd = -1;
            int newline = text.indexOf('\n', start);
            lineEnd = newline < 0 ? text.length() : newline;
        }
        for (int rule : rulesOfKeyword) {
            if (applies(rule)) {
                open(rule, start, end);
            }
        }
    }

    /** Whether a rule applies to the current file; a path regex runs only once a keyword of its rule turns up. */
    private boolean applies(int rule) {
        if (applies[rule] == UNKNOWN) {
            applies[rule] = rules.get(rule).appliesTo(file.path()) ? APPLIES : DOES_NOT_APPLY;
        }
        return applies[rule] == APPLIES;
    }

    private void open(int rule, int position, int keywordEnd) {
        SecretRule secretRule = rules.get(rule);
        if (secretRule.anchored()) {
            sink.anchored(rule, position, keywordEnd, Math.min(endOfNextLine(), position + ANCHORED_SPAN));
            return;
        }
        int start = secretRule.before() > 0 ? Math.max(0, position - secretRule.before()) : lineStart(position);
        int end = secretRule.after() > 0 ? Math.min(text.length(), position + secretRule.after()) : lineEnd;
        merge(rule, start, end);
    }

    private int lineStart(int position) {
        if (lineStart < 0) {
            lineStart = text.lastIndexOf('\n', position - 1) + 1;
        }
        return lineStart;
    }

    /** The end of the line after the current one, found once per line so that the scan stays linear. */
    private int endOfNextLine() {
        if (nextLineEnd < 0) {
            int next = lineEnd >= text.length() ? lineEnd : text.indexOf('\n', lineEnd + 1);
            nextLineEnd = next < 0 ? text.length() : next;
        }
        return nextLineEnd;
    }

    private void merge(int rule, int start, int end) {
        if (pendingEnd[rule] < 0) {
            touched[touchedCount++] = rule;
        } else if (start <= pendingEnd[rule]) {
            pendingStart[rule] = Math.min(pendingStart[rule], start);
            pendingEnd[rule] = Math.max(pendingEnd[rule], end);
            return;
        } else {
            sink.window(rule, pendingStart[rule], pendingEnd[rule]);
        }
        pendingStart[rule] = start;
        pendingEnd[rule] = end;
    }

    private void flushAll() {
        for (int i = 0; i < touchedCount; i++) {
            int rule = touched[i];
            sink.window(rule, pendingStart[rule], pendingEnd[rule]);
            pendingEnd[rule] = -1;
        }
        touchedCount = 0;
    }
}
