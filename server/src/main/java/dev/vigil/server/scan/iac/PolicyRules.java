package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * IAM policy documents wherever they are written: a JSON string or {@code jsonencode({…})} in a Terraform
 * {@code policy}, the {@code statement} blocks of {@code data "aws_iam_policy_document"}, or a
 * CloudFormation {@code PolicyDocument}. Unknown values (references, templates) never flag.
 */
final class PolicyRules {

    private PolicyRules() {
    }

    /** One statement, normalised: effect, actions, resources, whether any principal is allowed. */
    record Statement(boolean allow, List<String> actions, List<String> resources, boolean anyPrincipal,
                     boolean conditional, int line) {
    }

    static int fullAdmin(IacResource resource) {
        return first(resource, s -> s.allow() && s.actions().stream().anyMatch(a -> a.equals("*") || a.equals("*:*"))
                && s.resources().contains("*"));
    }

    static int wildcardAction(IacResource resource) {
        return first(resource, s -> s.allow() && s.actions().stream().anyMatch(a -> a.equals("*") || a.endsWith(":*")));
    }

    static int anyPrincipal(IacResource resource) {
        return first(resource, s -> s.allow() && s.anyPrincipal() && !s.conditional());
    }

    private static int first(IacResource resource, Predicate<Statement> bad) {
        return statements(resource).stream().filter(bad).mapToInt(Statement::line).findFirst().orElse(0);
    }

    static List<Statement> statements(IacResource resource) {
        List<Statement> statements = new ArrayList<>();
        Node body = resource.body();
        if (resource.type().equals("data.aws_iam_policy_document")) {
            for (Node statement : items(body.resolve("statement"))) {
                boolean anyPrincipal = items(statement.resolve("principals")).stream()
                        .anyMatch(p -> texts(p.resolve("identifiers")).contains("*")
                                && (p.textOf("type").equals("*") || p.textOf("type").equals("AWS")));
                statements.add(new Statement(!statement.textOf("effect").equalsIgnoreCase("deny"),
                        texts(statement.resolve("actions")), texts(statement.resolve("resources")), anyPrincipal,
                        !statement.resolve("condition").isEmpty(), statement.line()));
            }
            return statements;
        }
        List<Node> documents = new ArrayList<>();
        for (String key : List.of("policy", "PolicyDocument", "Policies.PolicyDocument")) {
            for (Node node : body.resolve(key)) {
                document(node).ifPresent(documents::add);
            }
        }
        for (Node document : documents) {
            for (Node statement : listOf(document.resolve("Statement"))) {
                if (statement.isMap()) {
                    statements.add(new Statement(!statement.textOf("Effect").equalsIgnoreCase("deny"),
                            texts(statement.resolve("Action")), texts(statement.resolve("Resource")),
                            anyPrincipal(statement), !statement.resolve("Condition").isEmpty(), document.line()));
                }
            }
        }
        return statements;
    }

    private static boolean anyPrincipal(Node statement) {
        for (Node principal : statement.resolve("Principal")) {
            if (principal.isScalar() && principal.text().equals("*")) {
                return true;
            }
            if (principal.isMap() && texts(principal.resolve("AWS")).stream()
                    .anyMatch(aws -> aws.equals("*") || aws.startsWith("arn:aws:iam::*:"))) {
                return true;
            }
        }
        return false;
    }

    private static Optional<Node> document(Node node) {
        try {
            if (node.isMap()) {
                return Optional.of(node);
            }
            if (!node.isScalar()) {
                return Optional.empty();
            }
            String text = node.text().strip();
            Node parsed = null;
            if (text.startsWith("{")) {
                parsed = TreeReader.json(text).stream().findFirst().orElse(null);
            } else if (node.isExpression() && text.startsWith("jsonencode(") && text.endsWith(")")) {
                parsed = HclParser.parseValue(text.substring("jsonencode(".length(), text.length() - 1));
            }
            return parsed != null && parsed.isMap() ? Optional.of(relocate(parsed, node.line()))
                    : Optional.empty();
        } catch (IacParseException e) {
            return Optional.empty();
        }
    }

    private static Node relocate(Node parsed, int line) {
        Node map = Node.map(line);
        parsed.fields().forEach(map::put);
        return map;
    }

    private static List<Node> items(List<Node> lists) {
        return lists.stream().flatMap(list -> list.isList() ? list.items().stream() : Stream.of(list))
                .filter(Node::isMap).toList();
    }

    private static List<Node> listOf(List<Node> nodes) {
        return nodes.stream().flatMap(node -> node.isList() ? node.items().stream() : Stream.of(node))
                .toList();
    }

    private static List<String> texts(List<Node> nodes) {
        return nodes.stream().flatMap(node -> node.scalars().stream()).filter(n -> !n.isExpression())
                .map(n -> n.text().strip())
                .toList();
    }
}
