package dev.vigil.server.scan.sca.parsers;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The gems a Gemfile declares only in development or test groups (block or {@code group:} option). */
final class GemfileGroups {

    private static final Pattern GEM = Pattern.compile("^\\s*gem\\s+['\"]([^'\"]+)['\"](.*)$");
    private static final Pattern GROUP_BLOCK = Pattern.compile("^\\s*group\\s+(.*?)\\s+do\\s*(\\|.*\\|)?\\s*$");
    private static final Pattern BLOCK_START = Pattern.compile("\\bdo\\s*(\\|[^|]*\\|)?\\s*$");
    private static final Pattern GROUP_OPTION = Pattern.compile("groups?\\s*(?::|=>)\\s*(\\[[^\\]]*\\]|:\\w+|['\"]\\w+['\"])");
    private static final Set<String> DEV = Set.of("development", "test");

    private GemfileGroups() {
    }

    static Set<String> devOnly(String gemfile) {
        Set<String> dev = new HashSet<>();
        Set<String> production = new HashSet<>();
        ArrayDeque<Boolean> blocks = new ArrayDeque<>();
        int devBlocks = 0;
        for (String line : gemfile.lines().toList()) {
            String code = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
            Matcher group = GROUP_BLOCK.matcher(code);
            if (group.matches()) {
                boolean inDev = allDev(group.group(1));
                blocks.push(inDev);
                devBlocks += inDev ? 1 : 0;
                continue;
            }
            if (code.trim().equals("end") && !blocks.isEmpty()) {
                devBlocks -= blocks.pop() ? 1 : 0;
                continue;
            }
            Matcher gem = GEM.matcher(code);
            if (gem.matches()) {
                Matcher option = GROUP_OPTION.matcher(gem.group(2));
                boolean inDev = devBlocks > 0 || (option.find() && allDev(option.group(1)));
                (inDev ? dev : production).add(gem.group(1));
            } else if (BLOCK_START.matcher(code).find()) {
                blocks.push(Boolean.FALSE);
            }
        }
        dev.removeAll(production);
        return dev;
    }

    private static boolean allDev(String groups) {
        List<String> names = List.of(groups.replaceAll("[\\[\\]:'\"]", " ").trim().split("[\\s,]+"));
        return !names.isEmpty() && DEV.containsAll(names);
    }
}
