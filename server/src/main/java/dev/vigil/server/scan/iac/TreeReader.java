package dev.vigil.server.scan.iac;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads YAML (every document of a stream) and JSON into {@link Node} trees with lines, through Jackson's
 * streaming parser: no object binding, no type tags resolved. A tag such as {@code !Ref} or {@code !GetAtt}
 * makes its value an expression kept as text; an alias stays the anchor's name and is never expanded, so
 * a billion-laughs document costs its own size. Nesting and size are bounded.
 */
final class TreeReader {

    private static final int MAX_DEPTH = 200;
    private static final int MAX_NODES = 2_000_000;

    private static final YAMLFactory YAML = YAMLFactory.builder()
            .loaderOptions(loaderOptions())
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private final JsonParser parser;
    private int nodes;

    private TreeReader(JsonParser parser) {
        this.parser = parser;
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true);
        options.setMaxAliasesForCollections(50);
        options.setNestingDepthLimit(MAX_DEPTH);
        options.setCodePointLimit(64 * 1024 * 1024);
        return options;
    }

    /** Every document of a YAML stream; empty documents are left out. */
    static List<Node> yaml(String text) {
        try (JsonParser parser = YAML.createParser(text)) {
            return new TreeReader(parser).documents();
        } catch (IOException | RuntimeException e) {
            throw new IacParseException("malformed YAML", e);
        }
    }

    static List<Node> json(String text) {
        try (JsonParser parser = JSON.createParser(text)) {
            return new TreeReader(parser).documents();
        } catch (IOException | RuntimeException e) {
            throw new IacParseException("malformed JSON", e);
        }
    }

    private List<Node> documents() throws IOException {
        List<Node> documents = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != null) {
            Node node = value(token, line());
            if (!node.isNull()) {
                documents.add(node);
            }
        }
        return documents;
    }

    /** A value; {@code line} is the line of its key, where a reader looks for it. */
    private Node value(JsonToken token, int line) throws IOException {
        if (++nodes > MAX_NODES) {
            throw new IacParseException("more than " + MAX_NODES + " values", line);
        }
        Object typeId = parser.getTypeId();
        String tag = typeId == null ? null : typeId.toString();
        Node node = switch (token) {
            case START_OBJECT -> {
                Node map = Node.map(line);
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    int keyLine = line();
                    map.put(key, value(parser.nextToken(), keyLine));
                }
                yield map;
            }
            case START_ARRAY -> {
                Node list = Node.list(line);
                JsonToken next;
                while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
                    if (next == null) {
                        throw new IacParseException("unclosed list", line);
                    }
                    list.add(value(next, line()));
                }
                yield list;
            }
            case VALUE_NULL -> Node.literal(null, line);
            case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE, VALUE_EMBEDDED_OBJECT ->
                    Node.literal(parser.getText(), line);
            default -> throw new IacParseException("unexpected " + token, line);
        };
        if (tag != null && !tag.isEmpty() && !tag.startsWith("tag:yaml.org")) {
            String name = tag.startsWith("!") ? tag : "!" + tag;
            return Node.expression(name + " " + (node.isScalar() ? node.text() : node.toString()), line);
        }
        return node;
    }

    private int line() {
        return parser.currentTokenLocation().getLineNr();
    }
}
