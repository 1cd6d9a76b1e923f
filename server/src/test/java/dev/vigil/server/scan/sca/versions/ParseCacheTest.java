package dev.vigil.server.scan.sca.versions;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ParseCacheTest {

    /** Before, the cache kept 200,000 versions whatever their length: these 10,000 would have held 80 MB. */
    @Test
    void shouldKeepNoMoreBytesThanItsBoundWhateverTheVersionsLength() {
        long bound = 1L << 20;
        ParseCache<String> cache = new ParseCache<>(String::strip, bound, Runnable::run);

        for (int i = 0; i < 10_000; i++) {
            assertThat(cache.get(" " + i + ".0.0-" + "x".repeat(4_000))).startsWith(i + ".0.0-");
        }

        assertThat(cache.bytes()).isPositive().isLessThanOrEqualTo(bound);
    }
}
