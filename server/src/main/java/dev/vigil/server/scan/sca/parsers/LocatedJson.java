package dev.vigil.server.scan.sca.parsers;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * A JSON (or YAML) tree with the line of every member and array element, keyed by JSON pointer, read with
 * Jackson's streaming parser. Lines are recorded down to {@link #MAX_LOCATED_DEPTH} levels, and for pointers
 * of at most {@link #LOCATED_CHARS_PER_CHAR} characters per character of the document in all (a long key above
 * many short members would otherwise repeat itself in every pointer), so that the map stays linear in the input;
 * past that a member's line is 1.
 */
record LocatedJson(JsonNode root, Map<String, Integer> lines) {

    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_LOCATED_DEPTH = 48;
    private static final int MAX_POINTER_LENGTH = 4096;
    private static final int LOCATED_CHARS_PER_CHAR = 8;

    static LocatedJson parse(String text) throws IOException {
        try (JsonParser parser = JSON.createParser(text)) {
            return parse(parser, text.length());
        }
    }

    /** The document {@code parser} reads, of {@code length} characters. */
    static LocatedJson parse(JsonParser parser, int length) throws IOException {
        if (parser.nextToken() == null) {
            throw new MalformedManifestException("empty document");
        }
        Lines lines = new Lines(new HashMap<>(), (long) LOCATED_CHARS_PER_CHAR * length);
        JsonNode root = read(parser, "", 0, lines);
        return new LocatedJson(root, lines.byPointer);
    }

    /** The lines recorded so far, and how many characters of pointers may still be kept. */
    private static final class Lines {
        private final Map<String, Integer> byPointer;
        private long charsLeft;

        Lines(Map<String, Integer> byPointer, long charsLeft) {
            this.byPointer = byPointer;
            this.charsLeft = charsLeft;
        }

        /** Whether pointers below {@code at} may still be kept: else the walk builds none. */
        boolean below(String at, int depth) {
            return depth < MAX_LOCATED_DEPTH && at.length() < MAX_POINTER_LENGTH && charsLeft > at.length();
        }

        void record(String pointer, int line) {
            if (charsLeft >= pointer.length() && byPointer.putIfAbsent(pointer, line) == null) {
                charsLeft -= pointer.length();
            }
        }
    }

    /** The line of the member or element at {@code pointer}, or 1. */
    int line(String pointer) {
        return lines.getOrDefault(pointer, 1);
    }

    /** A JSON pointer of these reference tokens. */
    static String pointer(String... tokens) {
        StringBuilder out = new StringBuilder();
        for (String token : tokens) {
            out.append('/').append(token.replace("~", "~0").replace("/", "~1"));
        }
        return out.toString();
    }

    /**
     * The pointer of a descendant of {@code at}, or {@code at} itself once it is as long as a located pointer
     * gets: past that, lines are not kept, and a caller walking a deep tree builds no longer pointers.
     */
    static String child(String at, String... tokens) {
        return at.length() < MAX_POINTER_LENGTH ? at + pointer(tokens) : at;
    }

    private static JsonNode read(JsonParser parser, String at, int depth, Lines lines)
            throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            ObjectNode object = NODES.objectNode();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                boolean located = lines.below(at, depth);
                String child = located ? at + pointer(name) : at;
                if (located) {
                    lines.record(child, parser.currentTokenLocation().getLineNr());
                }
                parser.nextToken();
                object.set(name, read(parser, child, depth + 1, lines));
            }
            return object;
        }
        if (token == JsonToken.START_ARRAY) {
            ArrayNode array = NODES.arrayNode();
            for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
                boolean located = lines.below(at, depth);
                String child = located ? at + "/" + i : at;
                if (located) {
                    lines.record(child, parser.currentTokenLocation().getLineNr());
                }
                array.add(read(parser, child, depth + 1, lines));
            }
            return array;
        }
        return scalar(parser, token);
    }

    private static JsonNode scalar(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            throw new MalformedManifestException("unexpected end of document");
        }
        return switch (token) {
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> NODES.textNode(parser.getText());
            default -> NODES.textNode(parser.getText());
        };
    }
}
