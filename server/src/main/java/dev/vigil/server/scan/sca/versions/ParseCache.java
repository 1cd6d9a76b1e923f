package dev.vigil.server.scan.sca.versions;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Function;

/**
 * A memo of parsed versions, bounded by an estimate of its bytes: advisories and lockfiles repeat the same
 * few thousand strings, while the scans of every tenant may bring any number of new ones of any length.
 */
final class ParseCache<T> {

    /** 8 MiB a scheme: some 35,000 versions of ten characters (the bundled PyPI advisories name 14,000). */
    static final long MAX_BYTES = 8L << 20;
    /** The map's entry, the key's {@code String} and the parsed value's objects, beside the text they hold. */
    private static final int ENTRY_BYTES = 200;
    /** The key's characters and the parsed value's copy of them. */
    private static final int BYTES_PER_CHAR = 4;

    private final Cache<String, T> parsed;
    private final Function<String, T> parser;

    ParseCache(Function<String, T> parser) {
        this(parser, MAX_BYTES, ForkJoinPool.commonPool());
    }

    /** {@code maintenance} runs the evictions ({@code Runnable::run} in tests, so that they are done at once). */
    ParseCache(Function<String, T> parser, long maxBytes, Executor maintenance) {
        this.parser = parser;
        this.parsed = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((String version, T value) -> weight(version))
                .executor(maintenance)
                .build();
    }

    T get(String version) {
        return parsed.get(version, parser);
    }

    /** The estimated bytes of what is kept now. */
    long bytes() {
        parsed.cleanUp();
        return parsed.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    static int weight(String version) {
        return (int) Math.min(Integer.MAX_VALUE, ENTRY_BYTES + (long) BYTES_PER_CHAR * version.length());
    }
}
