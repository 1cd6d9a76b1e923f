package dev.vigil.server.scan.iac;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the resources of one type name in one attribute ({@code bucket} of every
 * {@code aws_s3_bucket_versioning}): the resource addresses their expressions refer to and their literal
 * values, indexed so that asking for one resource costs the same whatever the module's size.
 */
final class ResourceLinks {

    private final Set<String> addresses = new HashSet<>();
    private final Set<String> literals = new HashSet<>();
    private final List<String> texts = new ArrayList<>();

    static ResourceLinks of(List<Node> nodes) {
        ResourceLinks links = new ResourceLinks();
        for (Node node : nodes) {
            links.texts.add(node.text());
            links.addReferences(node.text());
            if (!node.isExpression()) {
                links.literals.add(node.text());
            }
        }
        return links;
    }

    /** Whether a text refers to {@code address} ({@code aws_s3_bucket.data.id}) or a literal is {@code name}. */
    boolean name(String address, String name) {
        if (name != null && literals.contains(name)) {
            return true;
        }
        if (isIdentifier(address)) {
            return addresses.contains(address);
        }
        String reference = address + ".";
        return texts.stream().anyMatch(text -> text.contains(reference));
    }

    /**
     * Every {@code a.b} followed by a dot in a run of identifiers and dots: the addresses a text refers to. An
     * index after an identifier ({@code aws_s3_bucket.b[0].id}, {@code [count.index]}) is part of the run.
     */
    private void addReferences(String text) {
        List<String> segments = new ArrayList<>();
        StringBuilder segment = new StringBuilder();
        boolean closing = true;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : '\0';
            if (c == '[' && !segment.isEmpty() && closing) {
                int close = text.indexOf(']', i);
                closing = close > 0;
                if (closing) {
                    i = close;
                    continue;
                }
            }
            if (i < text.length() && isIdentifierChar(c)) {
                segment.append(c);
                continue;
            }
            segments.add(segment.toString());
            segment.setLength(0);
            if (c != '.') {
                for (int s = 0; s + 2 < segments.size(); s++) {
                    addresses.add(segments.get(s) + "." + segments.get(s + 1));
                }
                segments.clear();
            }
        }
    }

    /** An address of two identifiers, as every reference in an expression is written. */
    private static boolean isIdentifier(String address) {
        int dot = address.indexOf('.');
        if (dot <= 0 || dot == address.length() - 1 || address.indexOf('.', dot + 1) >= 0) {
            return false;
        }
        return address.chars().allMatch(c -> c == '.' || isIdentifierChar((char) c));
    }

    private static boolean isIdentifierChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }
}
