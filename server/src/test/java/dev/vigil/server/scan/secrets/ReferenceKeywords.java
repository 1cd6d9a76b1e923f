package dev.vigil.server.scan.secrets;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The straightforward keyword search that {@link KeywordIndex} must agree with: at every position, every
 * keyword that starts with the position's byte, shortest first, compared byte by byte with ASCII letters
 * lower-cased.
 */
final class ReferenceKeywords implements KeywordFinder {

    private record Keyword(byte[] bytes, int[] rules) {
    }

    private final List<List<Keyword>> byFirstByte = new ArrayList<>();

    ReferenceKeywords(List<SecretRule> rules) {
        Map<String, List<Integer>> rulesByKeyword = new LinkedHashMap<>();
        for (int index = 0; index < rules.size(); index++) {
            for (String keyword : rules.get(index).keywords()) {
                rulesByKeyword.computeIfAbsent(keyword, any -> new ArrayList<>()).add(index);
            }
        }
        for (int b = 0; b < 256; b++) {
            byFirstByte.add(new ArrayList<>());
        }
        rulesByKeyword.forEach((keyword, indexes) -> byFirstByte.get(keyword.charAt(0)).add(new Keyword(
                keyword.getBytes(StandardCharsets.US_ASCII), indexes.stream().mapToInt(Integer::intValue).toArray())));
        byFirstByte.forEach(keywords -> keywords.sort(Comparator.comparingInt(keyword -> keyword.bytes().length)));
    }

    @Override
    public void find(byte[] text, Hits hits) {
        for (int start = 0; start < text.length; start++) {
            for (Keyword keyword : byFirstByte.get(lowerCase(text[start]) & 0xFF)) {
                if (occursAt(keyword.bytes(), text, start)) {
                    hits.keyword(start, start + keyword.bytes().length, keyword.rules());
                }
            }
        }
    }

    private static boolean occursAt(byte[] keyword, byte[] text, int start) {
        if (start + keyword.length > text.length) {
            return false;
        }
        for (int i = 0; i < keyword.length; i++) {
            if (lowerCase(text[start + i]) != keyword[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte lowerCase(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + ('a' - 'A')) : b;
    }
}
