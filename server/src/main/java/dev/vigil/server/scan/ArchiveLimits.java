package dev.vigil.server.scan;

/**
 * The hard limits of one archive pass (docs/adr/0007-archive-read-once-as-a-stream.md). Reaching a global limit
 * stops the pass with a warning; a file over {@code maxFileBytes} is skipped with a warning.
 *
 * @param maxTotalBytes        uncompressed bytes (tar headers, padding and skipped content included) read at most
 * @param maxEntries           tar entries (of any type) read at most
 * @param maxFileBytes         largest file read into memory and handed over
 * @param maxCompressionRatio  uncompressed/compressed ratio above which the pass stops as a likely bomb;
 *                             {@code Double.POSITIVE_INFINITY} turns the guard off
 * @param ratioCheckAfterBytes uncompressed bytes read before the ratio guard starts checking
 */
public record ArchiveLimits(long maxTotalBytes, int maxEntries, int maxFileBytes, double maxCompressionRatio,
                            long ratioCheckAfterBytes) {

    public static final long MIB = 1L << 20;
    private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    public ArchiveLimits {
        if (maxTotalBytes <= 0) {
            throw new IllegalArgumentException("maxTotalBytes must be positive: " + maxTotalBytes);
        }
        if (maxEntries <= 0) {
            throw new IllegalArgumentException("maxEntries must be positive: " + maxEntries);
        }
        if (maxFileBytes < 0 || maxFileBytes > MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException(
                    "maxFileBytes must be within 0.." + MAX_ARRAY_LENGTH + ": " + maxFileBytes);
        }
        if (Double.isNaN(maxCompressionRatio) || maxCompressionRatio < 1) {
            throw new IllegalArgumentException("maxCompressionRatio must be at least 1: " + maxCompressionRatio);
        }
        if (ratioCheckAfterBytes < 0) {
            throw new IllegalArgumentException("ratioCheckAfterBytes must not be negative: " + ratioCheckAfterBytes);
        }
    }

    /** 512 MiB in all, 100,000 entries, 10 MiB per file, a ratio of 200 checked after the first 8 MiB. */
    public static ArchiveLimits defaults() {
        return new ArchiveLimits(512 * MIB, 100_000, (int) (10 * MIB), 200, 8 * MIB);
    }

    public ArchiveLimits withMaxTotalBytes(long bytes) {
        return new ArchiveLimits(bytes, maxEntries, maxFileBytes, maxCompressionRatio, ratioCheckAfterBytes);
    }

    public ArchiveLimits withMaxEntries(int entries) {
        return new ArchiveLimits(maxTotalBytes, entries, maxFileBytes, maxCompressionRatio, ratioCheckAfterBytes);
    }

    public ArchiveLimits withMaxFileBytes(int bytes) {
        return new ArchiveLimits(maxTotalBytes, maxEntries, bytes, maxCompressionRatio, ratioCheckAfterBytes);
    }

    public ArchiveLimits withoutRatioGuard() {
        double off = Double.POSITIVE_INFINITY;
        return new ArchiveLimits(maxTotalBytes, maxEntries, maxFileBytes, off, ratioCheckAfterBytes);
    }
}
