package dev.vigil.server.pr;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Posts the one Vigil comment of a pull (merge) request through a provider's REST API.
 *
 * <p>Contract: {@link #publish} MUST update the existing comment whose body contains {@code marker} when
 * there is one, and otherwise create a comment; it returns the comment's web address when the provider tells
 * it (else the API address). It MUST NOT log or put the token in an exception message. A failure worth
 * retrying (network, 429, 5xx) is a {@link PublishException} with {@code retryable} true; any other refusal
 * (bad token, unknown repository) is final.
 */
public interface CommentPublisher {

    String publish(Target target, String marker, String body) throws PublishException;

    /** Where to comment: the API base, repository (GitLab: id or path), request number and token. */
    record Target(URI apiUrl, String repository, int number, String token) {

        public Target {
            Objects.requireNonNull(apiUrl, "apiUrl");
            Objects.requireNonNull(repository, "repository");
            Objects.requireNonNull(token, "token");
        }

        @Override
        public String toString() {
            return "Target[" + apiUrl + ", " + repository + ", #" + number + "]";
        }
    }

    /** The provider refused or could not be reached; the message never holds the token. */
    final class PublishException extends Exception {

        private final boolean retryable;
        private final transient Duration retryAfter;

        public PublishException(String message, boolean retryable) {
            this(message, retryable, null);
        }

        public PublishException(String message, boolean retryable, Duration retryAfter) {
            super(message, null, false, false);
            this.retryable = retryable;
            this.retryAfter = retryAfter;
        }

        public boolean retryable() {
            return retryable;
        }

        /** The provider's {@code Retry-After}, when it gave one in seconds. */
        public Optional<Duration> retryAfter() {
            return Optional.ofNullable(retryAfter);
        }
    }
}
