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

    /** Every {@code a.b} followed by a dot in a run of identifiers and dots: the addresses a text refers to. */
    private void addReferences(String text) {
        int start = 0;
        List<String> segments = new ArrayList<>();
        for (int i = 0; i <= text.length(); i++) {
            boolean dot = i < text.length() && text.charAt(i) == '.';
            boolean end = i == text.length() || !dot && !isIdentifierChar(text.charAt(i));
            if (end || dot) {
                segments.add(text.substring(start, i));
                start = i + 1;
            }
            if (end) {
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
