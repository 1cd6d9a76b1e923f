package dev.vigil.server.scan.sca.parsers;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Which packages only development roots pull in, over a dependency graph keyed by package name. */
final class DevReach {

    private DevReach() {
    }

    /** The names reachable from {@code devRoots} but not from {@code productionRoots}. */
    static Set<String> devOnly(Map<String, List<String>> edges, Set<String> productionRoots,
                               Set<String> devRoots) {
        Set<String> production = reach(edges, productionRoots);
        Set<String> dev = reach(edges, devRoots);
        dev.removeAll(production);
        return dev;
    }

    static Set<String> reach(Map<String, List<String>> edges, Set<String> roots) {
        Set<String> seen = new HashSet<>(roots);
        ArrayDeque<String> queue = new ArrayDeque<>(roots);
        while (!queue.isEmpty()) {
            for (String next : edges.getOrDefault(queue.poll(), List.of())) {
                if (seen.add(next)) {
                    queue.add(next);
                }
            }
        }
        return seen;
    }
}
