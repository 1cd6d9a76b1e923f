package dev.vigil.server.pr;

import dev.vigil.model.ScmProvider;
import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.pr.CommentPublisher.PublishException;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.PrCommentRepository;
import dev.vigil.server.store.PrCommentRepository.Entry;
import dev.vigil.server.store.ScanRepository;
import dev.vigil.server.store.ScmRepository;
import dev.vigil.server.store.ScmRepository.StoredScm;
import dev.vigil.server.work.Failures;
import dev.vigil.server.work.Periodic;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Delivers queued pull-request comments: claims due entries with a conditional update (safe on several
 * nodes), renders the comment, creates or updates it through the provider, and records the outcome on the
 * entry and the scan. Retryable failures back off per {@link PrCommentSettings}; after the last attempt, or
 * on a final refusal (a bad token, an unknown repository), the comment is {@code failed} with the error.
 */
public final class PrCommentDispatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PrCommentDispatcher.class);
    private static final int BATCH = 20;

    private final Periodic scheduler = new Periodic("vigil-pr-comments");
    private final Database database;
    private final ScanRepository scans;
    private final ScmRepository scms;
    private final PrCommentRepository comments;
    private final ScmIntegrations integrations;
    private final Map<ScmProvider, CommentPublisher> publishers;
    private final PrCommentSettings settings;
    private final Clock clock;

    public PrCommentDispatcher(Database database, ScanRepository scans, ScmRepository scms,
                               PrCommentRepository comments, ScmIntegrations integrations,
                               Map<ScmProvider, CommentPublisher> publishers, PrCommentSettings settings, Clock clock) {
        this.database = database;
        this.scans = scans;
        this.scms = scms;
        this.comments = comments;
        this.integrations = integrations;
        this.publishers = Map.copyOf(publishers);
        this.settings = settings;
        this.clock = clock;
    }

    /** The real publishers over one HTTP client that passes {@code guard}, built when the first comment is sent. */
    public static Map<ScmProvider, CommentPublisher> publishers(PrCommentSettings settings, OutboundGuard guard) {
        Supplier<CloseableHttpClient> client = new Supplier<>() {
            private CloseableHttpClient built;

            @Override
            public synchronized CloseableHttpClient get() {
                if (built == null) {
                    built = guard.client(settings.timeout(), 0);
                }
                return built;
            }
        };
        return Map.of(ScmProvider.GITHUB, new GitHubPublisher(new ProviderHttp(client, guard, settings.timeout(),
                        "GitHub")),
                ScmProvider.GITLAB, new GitLabPublisher(new ProviderHttp(client, guard, settings.timeout(), "GitLab")));
    }

    public void start() {
        scheduler.every(settings.pollInterval(), "delivering pull-request comments", this::dispatchDue);
    }

    /** Delivers the comments that are due now; returns how many this node attempted. */
    public int dispatchDue() {
        int attempted = 0;
        for (UUID scanId : database.inTransaction(c -> comments.due(c, clock.millis(), BATCH))) {
            long now = clock.millis();
            long until = now + settings.timeout().toMillis() * 4;
            if (database.inTransaction(c -> comments.claim(c, scanId, now, until))) {
                deliverOrGiveUp(scanId);
                attempted++;
            }
        }
        return attempted;
    }

    /** A bug (not a provider's answer) while delivering ends the comment as failed instead of looping. */
    private void deliverOrGiveUp(UUID scanId) {
        try {
            deliver(scanId);
        } catch (Throwable e) {
            LOG.error("pull-request comment of scan {} could not be delivered: {}", scanId, Failures.describe(e));
            database.run(c -> comments.failed(c, scanId, "internal error: " + e.getClass().getSimpleName()));
        }
    }

    private void deliver(UUID scanId) {
        Delivery delivery = database.inTransaction(c -> {
            Entry entry = comments.find(c, scanId).orElseThrow();
            var scan = scans.find(c, scanId).orElseThrow();
            var scm = scms.find(c, entry.projectId());
            String body = PrCommentRenderer.render(scan, comments.results(c, scanId), entry.policy());
            return new Delivery(entry, scm.orElse(null), body);
        });
        if (delivery.scm() == null) {
            record(delivery.entry(), null, new PublishException("the project's SCM integration was removed", false));
            return;
        }
        try {
            record(delivery.entry(), publish(delivery), null);
        } catch (PublishException e) {
            record(delivery.entry(), null, e);
        } catch (IllegalStateException e) {
            record(delivery.entry(), null, new PublishException(e.getMessage(), false));
        }
    }

    private String publish(Delivery delivery) throws PublishException {
        StoredScm scm = delivery.scm();
        Entry entry = delivery.entry();
        var target = new CommentPublisher.Target(URI.create(scm.apiUrl()), scm.repository(), entry.prId(),
                integrations.token(scm));
        return publishers.get(scm.provider()).publish(target,
                PrCommentRenderer.marker(entry.projectId(), entry.prId()), delivery.body());
    }

    private void record(Entry entry, String url, PublishException failure) {
        long now = clock.millis();
        int attempts = entry.attempts();
        database.run(c -> {
            if (failure == null) {
                comments.posted(c, entry.scanId(), url);
            } else if (failure.retryable() && attempts < settings.maxAttempts()) {
                long delay = Math.max(settings.delayAfter(attempts).toMillis(),
                        failure.retryAfter().map(Duration::toMillis).orElse(0L));
                comments.retry(c, entry.scanId(), now + delay, failure.getMessage());
            } else {
                comments.failed(c, entry.scanId(), failure.getMessage());
            }
        });
        if (failure != null) {
            LOG.warn("pull-request comment of scan {} (attempt {}): {}", entry.scanId(), attempts, failure.getMessage());
        }
    }

    private record Delivery(Entry entry, StoredScm scm, String body) {
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
