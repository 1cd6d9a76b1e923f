package dev.vigil.server.notify;

import dev.vigil.model.Finding;
import dev.vigil.model.WebhookEvent;
import dev.vigil.server.notify.NoticeRepository.ProjectRef;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.work.Guard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code acceptance.expiring}: once per finding and acceptance end, from {@value #DAYS_AHEAD} days before the
 * acceptance ends (its {@code accepted_until} is the last day it holds). A notice row records each, written
 * under the project's merge lock, so that on several nodes one sends it.
 */
public final class ExpiringAcceptances {

    static final int DAYS_AHEAD = 7;
    private static final Logger LOG = LoggerFactory.getLogger(ExpiringAcceptances.class);
    private static final String EVENT = WebhookEvent.ACCEPTANCE_EXPIRING.wire();
    private static final int BATCH = 200;

    private final Database database;
    private final NoticeRepository notices;
    private final ProjectRepository projects;
    private final FindingRepository findings;
    private final Notifications notifications;
    private final WebhookRepository webhooks;
    private final Clock clock;

    ExpiringAcceptances(Database database, NoticeRepository notices, ProjectRepository projects,
                        FindingRepository findings, Notifications notifications, WebhookRepository webhooks,
                        Clock clock) {
        this.database = database;
        this.notices = notices;
        this.projects = projects;
        this.findings = findings;
        this.notifications = notifications;
        this.webhooks = webhooks;
        this.clock = clock;
    }

    public static ExpiringAcceptances create(Database database, ProjectRepository projects,
                                             FindingRepository findings, Clock clock) {
        var webhooks = new WebhookRepository();
        return new ExpiringAcceptances(database, new NoticeRepository(), projects, findings,
                new Notifications(webhooks, new DeliveryRepository()), webhooks, clock);
    }

    /** Notices every acceptance that ends within the next days; returns how many. */
    public int run() {
        long now = clock.millis();
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LocalDate horizon = today.plusDays(DAYS_AHEAD);
        if (!database.inTransaction(c -> webhooks.anySubscribed(c, EVENT))) {
            return 0;
        }
        int noticed = 0;
        for (ProjectRef project : database.inTransaction(c -> notices.acceptancesDue(c, today, horizon))) {
            int[] count = {0};
            Guard.run(LOG, "noticing expiring acceptances of project " + project.projectId(), () -> {
                int n;
                do {
                    n = database.inTransaction(c -> notice(c, project, today, horizon, now));
                    count[0] += n;
                } while (n == BATCH);
            });
            noticed += count[0];
        }
        return noticed;
    }

    private int notice(Connection c, ProjectRef project, LocalDate today, LocalDate horizon, long now)
            throws SQLException {
        projects.lockForMerge(c, project.projectId());
        int n = 0;
        for (UUID id : notices.expiring(c, project.projectId(), today, horizon, BATCH)) {
            Optional<Finding> finding = findings.find(c, project.tenantId(), id, now);
            if (finding.isEmpty()) {
                continue;
            }
            notices.notice(c, id, finding.get().acceptedUntil(), now);
            notifications.emit(c, project.tenantId(), project.projectId(), EVENT, EventData.finding(finding.get()),
                    now);
            n++;
        }
        return n;
    }
}
