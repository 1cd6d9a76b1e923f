package dev.vigil.server.policy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small YAML document read through Jackson's streaming parser into values with lines: no object binding, no
 * tag resolved, an alias refused rather than expanded, nesting and value count bounded. Linear in the input.
 */
final class YamlTree {

    static final int MAX_DEPTH = 16;
    static final int MAX_VALUES = 20_000;

    private static final YAMLFactory YAML = YAMLFactory.builder()
            .loaderOptions(loaderOptions())
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    /** A value and the line it starts on; a mapping's line is that of its first key. */
    sealed interface Value permits Scalar, Mapping, Sequence {
        int line();
    }

    record Scalar(String text, int line) implements Value {
    }

    record Mapping(Map<String, Value> entries, List<String> duplicates, int line) implements Value {
    }

    record Sequence(List<Value> items, int line) implements Value {
    }

    /** Why the text is not a document we read, at a line; the message never quotes the text. */
    static final class Unreadable extends Exception {
        final int line;

        Unreadable(String message, int line) {
            super(message, null, false, false);
            this.line = Math.max(1, line);
        }
    }

    private final JsonParser parser;
    private int values;

    private YamlTree(JsonParser parser) {
        this.parser = parser;
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true);
        options.setMaxAliasesForCollections(10);
        options.setNestingDepthLimit(MAX_DEPTH);
        options.setCodePointLimit(PolicyFileParser.MAX_BYTES * 2);
        return options;
    }

    /** The first document, or a null scalar when the text holds none. */
    static Value read(String text) throws Unreadable {
        try (JsonParser parser = YAML.createParser(text)) {
            YamlTree tree = new YamlTree(parser);
            JsonToken token = parser.nextToken();
            return token == null ? new Scalar(null, 1) : tree.value(token);
        } catch (JsonProcessingException e) {
            throw new Unreadable("the file is not valid YAML", e.getLocation() == null ? 1 : e.getLocation().getLineNr());
        } catch (IOException | RuntimeException e) {
            throw new Unreadable("the file is not valid YAML", 1);
        }
    }

    private Value value(JsonToken token) throws IOException, Unreadable {
        int line = parser.currentTokenLocation().getLineNr();
        if (++values > MAX_VALUES) {
            throw new Unreadable("the file has more than " + MAX_VALUES + " values", line);
        }
        if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            throw new Unreadable("YAML aliases are not supported", line);
        }
        return switch (token) {
            case START_OBJECT -> {
                Map<String, Value> entries = new LinkedHashMap<>();
                List<String> duplicates = new ArrayList<>();
                int first = line;
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    if (entries.isEmpty()) {
                        first = parser.currentTokenLocation().getLineNr();
                    }
                    Value v = value(parser.nextToken());
                    if (entries.put(key, v) != null) {
                        duplicates.add(key);
                    }
                }
                yield new Mapping(entries, duplicates, first);
            }
            case START_ARRAY -> {
                List<Value> items = new ArrayList<>();
                JsonToken next;
                while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
                    if (next == null) {
                        throw new Unreadable("a list is not closed", line);
                    }
                    items.add(value(next));
                }
                yield new Sequence(items, line);
            }
            case VALUE_NULL -> new Scalar(null, line);
            case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE ->
                    new Scalar(parser.getText(), line);
            default -> throw new Unreadable("the file holds a value Vigil does not read", line);
        };
    }
}
