package dev.vigil.server.testing;

import java.util.Random;

/** Paths an archive may name that are long in bytes: what an index entry of PostgreSQL's cannot hold whole. */
public final class LongPaths {

    private LongPaths() {
    }

    /**
     * A path of five directories of 199 CJK ideographs each, then {@code file}: 999 characters and then some,
     * about 3,000 bytes of UTF-8. The ideographs are drawn at random, so that PostgreSQL cannot compress the
     * path into an index entry as it would a repeated one.
     */
    public static String cjk(String file) {
        Random random = new Random(42);
        StringBuilder path = new StringBuilder();
        for (int directory = 0; directory < 5; directory++) {
            random.ints(199, 0x4E00, 0x9FA5).forEach(path::appendCodePoint);
            path.append('/');
        }
        return path.append(file).toString();
    }
}
