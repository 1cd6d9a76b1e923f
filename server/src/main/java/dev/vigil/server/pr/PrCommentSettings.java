package dev.vigil.server.pr;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How pull-request comments are posted.
 *
 * @param secretKey    base64 of the 256-bit key that seals SCM tokens; empty for the key file in the data directory
 * @param backoff      the wait after each failed attempt (the last one repeats)
 * @param maxAttempts  attempts before a comment is given up as {@code failed}
 * @param pollInterval how often a node looks for due comments
 * @param timeout      connect and request timeout of a call to the provider
 */
public record PrCommentSettings(Optional<String> secretKey, List<Duration> backoff, int maxAttempts,
                                Duration pollInterval, Duration timeout) {

    public PrCommentSettings {
        Objects.requireNonNull(secretKey, "secretKey");
        backoff = List.copyOf(backoff);
        if (backoff.isEmpty() || maxAttempts < 1) {
            throw new IllegalArgumentException("the outbox needs a backoff and at least one attempt");
        }
    }

    public static PrCommentSettings defaults(Optional<String> secretKey) {
        return new PrCommentSettings(secretKey, List.of(Duration.ofSeconds(5), Duration.ofSeconds(30),
                Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(1)), 8,
                Duration.ofSeconds(2), Duration.ofSeconds(20));
    }

    /** The wait after the {@code attempts}-th failed attempt (1-based). */
    public Duration delayAfter(int attempts) {
        return backoff.get(Math.min(Math.max(attempts, 1), backoff.size()) - 1);
    }

    public PrCommentSettings withBackoff(List<Duration> value, int attempts, Duration poll) {
        return new PrCommentSettings(secretKey, value, attempts, poll, timeout);
    }
}
