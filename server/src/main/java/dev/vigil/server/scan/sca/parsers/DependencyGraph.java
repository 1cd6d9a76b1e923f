package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.DependencyPath;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A lockfile's packages and which depends on which, under node ids of the parser's choosing, from which each
 * package gets its shortest chain from a root (the project, or each workspace member): a breadth-first walk
 * from the roots, in the order they and their dependencies were declared, so time is linear in nodes and
 * edges.
 */
final class DependencyGraph {

    private final Map<String, String[]> packages = new HashMap<>();
    private final Map<String, List<String>> edges = new HashMap<>();
    private final Map<String, DependencyPath> roots = new LinkedHashMap<>();

    /** A package of the lockfile under the parser's id for it. */
    void node(String id, String name, String version) {
        packages.putIfAbsent(id, new String[] {name, version});
    }

    /** {@code from} depends on {@code to}. */
    void edge(String from, String to) {
        edges.computeIfAbsent(from, k -> new ArrayList<>()).add(to);
    }

    /**
     * A root of the graph: the project ({@code name@version} from its manifest, {@code (root)} when it has no
     * name) or a workspace member; its edges lead to its direct dependencies.
     */
    void root(String id, String name, String version) {
        roots.putIfAbsent(id, DependencyPath.root(name == null ? "" : name, version));
    }

    /** The shortest chain of every package a root reaches. */
    Map<String, DependencyPath> paths() {
        Map<String, DependencyPath> paths = new HashMap<>(roots);
        ArrayDeque<String> queue = new ArrayDeque<>(roots.keySet());
        while (!queue.isEmpty()) {
            String from = queue.poll();
            DependencyPath before = paths.get(from);
            for (String to : edges.getOrDefault(from, List.of())) {
                reach(to, before, paths, queue);
            }
        }
        return paths;
    }

    /** The dependencies with the chain of their node: {@code ids} holds each one's node id, in the same order. */
    List<Dependency> attach(List<Dependency> dependencies, List<String> ids) {
        Map<String, DependencyPath> paths = paths();
        List<Dependency> out = new ArrayList<>(dependencies.size());
        for (int i = 0; i < dependencies.size(); i++) {
            out.add(dependencies.get(i).withPath(paths.getOrDefault(ids.get(i), DependencyPath.NONE)));
        }
        return out;
    }

    private void reach(String id, DependencyPath before, Map<String, DependencyPath> paths, ArrayDeque<String> queue) {
        String[] nameVersion = packages.get(id);
        if (nameVersion != null && !paths.containsKey(id)) {
            paths.put(id, before.then(nameVersion[0], nameVersion[1]));
            queue.add(id);
        }
    }
}
