package dev.vigil.server.scan.secrets;

import java.util.HashMap;
import java.util.Map;

/** Shannon entropy, in bits per character, of a candidate secret. */
final class Entropy {

    private Entropy() {
    }

    static double shannon(CharSequence text) {
        int length = text.length();
        if (length == 0) {
            return 0.0;
        }
        int[] counts = new int[128];
        Map<Character, Integer> others = null;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                others = others == null ? new HashMap<>() : others;
                others.merge(c, 1, Integer::sum);
            }
        }
        double entropy = 0.0;
        for (int count : counts) {
            entropy += term(count, length);
        }
        if (others != null) {
            for (int count : others.values()) {
                entropy += term(count, length);
            }
        }
        return entropy;
    }

    private static double term(int count, int length) {
        if (count == 0) {
            return 0.0;
        }
        double p = (double) count / length;
        return -p * (Math.log(p) / Math.log(2));
    }
}
