package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The value tree every parser produces, whatever the format: a map, a list or a scalar, each with its
 * 1-based line. A scalar is a literal (string, number, boolean, null) or an expression kept as text
 * ({@code aws_kms_key.k.arn}, {@code !Ref Bucket}) that no rule treats as a known value.
 */
final class Node {

    enum Kind { MAP, LIST, SCALAR }

    private static final Map<String, String[]> PATHS = new ConcurrentHashMap<>();

    private final Kind kind;
    private final int line;
    private final Map<String, Node> fields;
    private final List<Node> items;
    private final String text;
    private final boolean expression;
    private boolean template;
    private Dynamic dynamic;

    /**
     * Where a block came from a Terraform {@code dynamic} block: its {@code for_each} and iterator name, so
     * that evaluation repeats or drops it.
     */
    record Dynamic(Node forEach, String iterator) {
    }

    private Node(Kind kind, int line, String text, boolean expression) {
        this.kind = kind;
        this.line = line;
        this.fields = kind == Kind.MAP ? new LinkedHashMap<>() : Map.of();
        this.items = kind == Kind.LIST ? new ArrayList<>() : List.of();
        this.text = text;
        this.expression = expression;
    }

    static Node map(int line) {
        return new Node(Kind.MAP, line, null, false);
    }

    static Node list(int line) {
        return new Node(Kind.LIST, line, null, false);
    }

    /** A literal; {@code null} text is the null literal. */
    static Node literal(String text, int line) {
        return new Node(Kind.SCALAR, line, text, false);
    }

    static Node expression(String text, int line) {
        return new Node(Kind.SCALAR, line, text, true);
    }

    /** An expression that is the content of a quoted string or heredoc with {@code ${…}} in it. */
    static Node template(String text, int line) {
        Node node = new Node(Kind.SCALAR, line, text, true);
        node.template = true;
        return node;
    }

    Kind kind() {
        return kind;
    }

    int line() {
        return line;
    }

    boolean isMap() {
        return kind == Kind.MAP;
    }

    boolean isList() {
        return kind == Kind.LIST;
    }

    boolean isScalar() {
        return kind == Kind.SCALAR;
    }

    boolean isExpression() {
        return expression;
    }

    boolean isTemplate() {
        return template;
    }

    Optional<Dynamic> dynamic() {
        return Optional.ofNullable(dynamic);
    }

    void markDynamic(Node forEach, String iterator) {
        dynamic = new Dynamic(forEach, iterator);
    }

    boolean isNull() {
        return kind == Kind.SCALAR && text == null && !expression;
    }

    /** The scalar's text, or empty for maps, lists and null. */
    String text() {
        return text == null ? "" : text;
    }

    Map<String, Node> fields() {
        return Collections.unmodifiableMap(fields);
    }

    List<Node> items() {
        return Collections.unmodifiableList(items);
    }

    Optional<Node> get(String key) {
        return Optional.ofNullable(fields.get(key));
    }

    /** The text of a scalar field, or empty. */
    String textOf(String key) {
        Node node = fields.get(key);
        return node == null ? "" : node.text();
    }

    void put(String key, Node value) {
        fields.put(key, value);
    }

    /** Adds a nested block: repeated blocks of one name become a list. */
    void addBlock(String key, Node block) {
        Node existing = fields.get(key);
        if (existing != null && existing.isList()) {
            existing.items.add(block);
        } else {
            Node list = list(block.line);
            list.items.add(block);
            fields.put(key, list);
        }
    }

    void add(Node item) {
        items.add(item);
    }

    /** Every node a dotted path reaches; lists on the way are expanded, a list at the end is kept whole. */
    List<Node> resolve(String path) {
        List<Node> current = List.of(this);
        for (String step : PATHS.computeIfAbsent(path, key -> key.split("\\."))) {
            List<Node> next = new ArrayList<>();
            for (Node node : current) {
                for (Node map : node.isList() ? node.items : List.of(node)) {
                    Node child = map.fields.get(step);
                    if (child != null && !child.isNull()) {
                        next.add(child);
                    }
                }
            }
            current = next;
        }
        return current;
    }

    /** The scalars of this node: itself, the elements of a list, or the values of a map. */
    List<Node> scalars() {
        return switch (kind) {
            case SCALAR -> List.of(this);
            case LIST -> items.stream().filter(Node::isScalar).toList();
            case MAP -> fields.values().stream().filter(Node::isScalar).toList();
        };
    }

    /** An empty list or map: present, but saying nothing. */
    boolean isEmpty() {
        return (kind == Kind.LIST && items.isEmpty()) || (kind == Kind.MAP && fields.isEmpty());
    }

    boolean isTrue() {
        return isScalar() && !expression && "true".equals(text().toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return switch (kind) {
            case MAP -> fields.toString();
            case LIST -> items.toString();
            case SCALAR -> expression ? "${" + text + "}" : String.valueOf(text);
        };
    }
}
