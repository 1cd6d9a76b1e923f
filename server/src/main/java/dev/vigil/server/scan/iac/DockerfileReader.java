package dev.vigil.server.scan.iac;

import com.google.re2j.Pattern;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a Dockerfile into stages. Lines ending with {@code \} continue (comment lines inside a
 * continuation are dropped); {@code <<EOF} heredocs are joined to their instruction. Each stage is a
 * {@code dockerfile_stage} resource whose body holds {@code from} (the image), {@code name}, {@code index},
 * {@code from_stage} (whether {@code from} names an earlier stage), {@code final} and {@code instructions}: a list of {@code {cmd, args}} with the instruction's first line.
 * Instructions before the first {@code FROM} belong to stage 0.
 */
final class DockerfileReader {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private DockerfileReader() {
    }

    static boolean isDockerfile(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.equals("dockerfile") || lower.startsWith("dockerfile.") || lower.endsWith(".dockerfile")
                || lower.equals("containerfile");
    }

    static IacFile read(String path, String text) {
        List<Node> stages = new ArrayList<>();
        Node current = null;
        String[] lines = text.split("\n", -1);
        List<Node> pending = new ArrayList<>();
        Set<String> stageNames = new HashSet<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int first = i + 1;
            StringBuilder joined = new StringBuilder();
            while (line.endsWith("\\") && i + 1 < lines.length) {
                joined.append(line, 0, line.length() - 1).append(' ');
                line = lines[++i].strip();
                while (line.startsWith("#") && i + 1 < lines.length) {
                    line = lines[++i].strip();
                }
            }
            joined.append(line.endsWith("\\") ? line.substring(0, line.length() - 1) : line);
            i = heredoc(joined, lines, i);
            String instruction = joined.toString().strip();
            int space = indexOfSpace(instruction);
            String cmd = (space < 0 ? instruction : instruction.substring(0, space)).toUpperCase(Locale.ROOT);
            String args = space < 0 ? "" : instruction.substring(space + 1).strip();
            Node node = Node.map(first);
            node.put("cmd", Node.literal(cmd, first));
            node.put("args", Node.literal(args, first));
            if (cmd.equals("FROM")) {
                Node stage = stage(stages.size(), args, first, stageNames);
                stages.add(stage);
                pending.forEach(earlier -> stage.addBlock("instructions", earlier));
                pending.clear();
                current = stage;
            }
            if (current == null) {
                pending.add(node);
            } else {
                current.addBlock("instructions", node);
            }
        }
        IacFile file = new IacFile(path);
        for (Node stage : stages) {
            stage.put("final", Node.literal(String.valueOf(stage == stages.getLast()), stage.line()));
            file.add(Framework.DOCKERFILE, "dockerfile_stage", "Dockerfile stage " + stage.textOf("index"),
                    stage.line(), stage);
        }
        return file;
    }

    private static Node stage(int index, String args, int line, Set<String> earlierNames) {
        Node stage = Node.map(line);
        List<String> words = words(args);
        List<String> image = words.stream().filter(word -> !word.startsWith("--")).toList();
        stage.put("index", Node.literal(String.valueOf(index), line));
        stage.put("from", Node.literal(image.isEmpty() ? "" : image.getFirst(), line));
        int as = image.stream().map(word -> word.toLowerCase(Locale.ROOT)).toList().indexOf("as");
        String name = as >= 0 && as + 1 < image.size() ? image.get(as + 1) : "";
        stage.put("name", Node.literal(name, line));
        String from = stage.textOf("from").toLowerCase(Locale.ROOT);
        stage.put("from_stage", Node.literal(String.valueOf(earlierNames.contains(from)), line));
        earlierNames.add(name.toLowerCase(Locale.ROOT));
        return stage;
    }

    /** Appends the body of {@code <<WORD} heredocs; returns the index of the last line consumed. */
    private static int heredoc(StringBuilder instruction, String[] lines, int index) {
        int at = instruction.indexOf("<<");
        if (at < 0) {
            return index;
        }
        int start = at + 2 + (at + 2 < instruction.length() && instruction.charAt(at + 2) == '-' ? 1 : 0);
        int end = start;
        while (end < instruction.length() && (Character.isLetterOrDigit(instruction.charAt(end))
                || instruction.charAt(end) == '_' || instruction.charAt(end) == '"' || instruction.charAt(end) == '\'')) {
            end++;
        }
        String marker = instruction.substring(start, end).replace("\"", "").replace("'", "");
        if (marker.isEmpty()) {
            return index;
        }
        int i = index + 1;
        while (i < lines.length && !lines[i].strip().equals(marker)) {
            instruction.append('\n').append(lines[i]);
            i++;
        }
        return Math.min(i, lines.length - 1);
    }

    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        for (String word : WHITESPACE.split(text.strip())) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    private static int indexOfSpace(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
