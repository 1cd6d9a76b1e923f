package dev.vigil.server.scan.secrets;

import org.ahocorasick.trie.PayloadEmit;
import org.ahocorasick.trie.handler.PayloadEmitHandler;

import java.util.Arrays;
import java.util.List;

/**
 * Finds where each rule's regex must run in a text: lines that may hold a keyword (by the gram bitmap)
 * go through the keyword trie, and each keyword hit opens a window for the rules that use the keyword:
 * its line and the next (for values on the line after their key, as in XML), a bounded slice of an
 * overly long line (minified code), or the rule's own span for multi-line rules. Windows of one rule
 * that overlap are merged, so every character is matched at most once per rule: the scan stays linear.
 * One instance per session; not thread-safe.
 */
final class WindowScanner implements PayloadEmitHandler<int[]> {

    static final int LONG_LINE = 4096;
    static final int LONG_LINE_BEFORE = 256;
    static final int LONG_LINE_AFTER = 1024;

    /** Receives a merged window of one rule. */
    interface WindowSink {
        void window(int rule, int start, int end);
    }

    private final List<SecretRule> rules;
    private final KeywordIndex keywords;
    private final int[] pendingStart;
    private final int[] pendingEnd;
    private final int[] touched;
    private final boolean[] applies;
    private final TextWindow lineView = new TextWindow();
    private int touchedCount;
    private String text = "";
    private int lineStart;
    private int lineEnd;
    private WindowSink sink;

    WindowScanner(List<SecretRule> rules, KeywordIndex keywords) {
        this.rules = rules;
        this.keywords = keywords;
        this.pendingStart = new int[rules.size()];
        this.pendingEnd = new int[rules.size()];
        this.touched = new int[rules.size()];
        this.applies = new boolean[rules.size()];
        Arrays.fill(pendingEnd, -1);
    }

    void scan(String path, String text, WindowSink sink) {
        this.text = text;
        this.sink = sink;
        for (int rule = 0; rule < rules.size(); rule++) {
            applies[rule] = rules.get(rule).appliesTo(path);
        }
        int length = text.length();
        for (int start = 0; start < length; ) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? length : end;
            if (mayHoldKeyword(start, end)) {
                lineStart = start;
                lineEnd = end;
                keywords.hits(lineView.set(text, start, end), this);
            }
            start = end + 1;
        }
        flushAll();
        this.text = "";
        this.sink = null;
    }

    private boolean mayHoldKeyword(int start, int end) {
        String text = this.text;
        int gram = 0;
        for (int i = start; i < end; i++) {
            gram = KeywordIndex.next(gram, text.charAt(i));
            if (keywords.mayStartKeyword(gram)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean emit(PayloadEmit<int[]> hit) {
        int position = lineStart + hit.getStart();
        for (int rule : hit.getPayload()) {
            if (applies[rule]) {
                open(rule, position);
            }
        }
        return true;
    }

    private void open(int rule, int position) {
        SecretRule secretRule = rules.get(rule);
        int start;
        int end;
        if (secretRule.multiline()) {
            start = secretRule.before() > 0 ? Math.max(0, position - secretRule.before()) : lineStart;
            end = secretRule.after() > 0 ? Math.min(text.length(), position + secretRule.after()) : lineEnd;
        } else if (lineEnd - lineStart > LONG_LINE) {
            start = Math.max(lineStart, position - LONG_LINE_BEFORE);
            end = Math.min(lineEnd, position + LONG_LINE_AFTER);
        } else {
            start = lineStart;
            end = endOfNextLine();
        }
        merge(rule, start, end);
    }

    private int endOfNextLine() {
        if (lineEnd >= text.length()) {
            return lineEnd;
        }
        int next = text.indexOf('\n', lineEnd + 1);
        int end = next < 0 ? text.length() : next;
        return Math.min(end, lineEnd + 1 + LONG_LINE);
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
