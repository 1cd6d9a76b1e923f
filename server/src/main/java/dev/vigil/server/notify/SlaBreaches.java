package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.Finding;
import dev.vigil.model.Json;
import dev.vigil.model.WebhookEvent;
import dev.vigil.server.notify.NoticeRepository.ProjectRef;
import dev.vigil.server.notify.NoticeRepository.SlaMark;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.ProjectRepository;
import dev.vigil.server.work.Guard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code sla.breached}: once a UTC day per project, the active findings whose SLA ran out since the last such
 * check (the day before, for a project's first). The check holds the project's merge lock, so that on several
 * nodes one makes it and the others find it made.
 */
public final class SlaBreaches {

    private static final Logger LOG = LoggerFactory.getLogger(SlaBreaches.class);
    private static final String EVENT = WebhookEvent.SLA_BREACHED.wire();

    private final Database database;
    private final NoticeRepository notices;
    private final ProjectRepository projects;
    private final FindingRepository findings;
    private final Notifications notifications;
    private final WebhookRepository webhooks;
    private final Clock clock;

    SlaBreaches(Database database, NoticeRepository notices, ProjectRepository projects, FindingRepository findings,
                Notifications notifications, WebhookRepository webhooks, Clock clock) {
        this.database = database;
        this.notices = notices;
        this.projects = projects;
        this.findings = findings;
        this.notifications = notifications;
        this.webhooks = webhooks;
        this.clock = clock;
    }

    public static SlaBreaches create(Database database, ProjectRepository projects, FindingRepository findings,
                                     Clock clock) {
        var webhooks = new WebhookRepository();
        return new SlaBreaches(database, new NoticeRepository(), projects, findings,
                new Notifications(webhooks, new DeliveryRepository()), webhooks, clock);
    }

    /** Checks every project due today; returns how many events it queued. */
    public int run() {
        long now = clock.millis();
        long day = Math.floorDiv(now, Duration.ofDays(1).toMillis());
        if (!database.inTransaction(c -> webhooks.anySubscribed(c, EVENT))) {
            return 0;
        }
        int queued = 0;
        for (ProjectRef project : database.inTransaction(c -> notices.slaDue(c, EVENT, day))) {
            boolean[] emitted = {false};
            Guard.run(LOG, "reporting the SLA breaches of project " + project.projectId(),
                    () -> emitted[0] = database.inTransaction(c -> check(c, project, now, day)));
            queued += emitted[0] ? 1 : 0;
        }
        return queued;
    }

    private boolean check(Connection c, ProjectRef project, long now, long day) throws SQLException {
        projects.lockForMerge(c, project.projectId());
        Optional<SlaMark> mark = notices.slaMark(c, project.projectId());
        if (mark.isPresent() && mark.get().checkedDay() >= day) {
            return false;
        }
        long after = mark.map(SlaMark::checkedUntil).orElse(now - Duration.ofDays(1).toMillis());
        List<UUID> breached = notices.breached(c, project.projectId(), after, now);
        notices.markSla(c, project.projectId(), now, day, mark.isPresent());
        if (breached.isEmpty()) {
            return false;
        }
        List<Finding> shown = new ArrayList<>();
        for (UUID id : breached.subList(0, Math.min(breached.size(), EventData.MAX_FINDINGS))) {
            findings.find(c, project.tenantId(), id, now).ifPresent(shown::add);
        }
        ObjectNode data = Json.mapper().createObjectNode();
        data.put("project_name", shown.isEmpty() ? null : shown.getFirst().projectName());
        data.set("since", Json.mapper().valueToTree(Instant.ofEpochMilli(after)));
        data.put("total", breached.size());
        data.set("findings", Json.mapper().valueToTree(shown));
        notifications.emit(c, project.tenantId(), project.projectId(), EVENT, data, now);
        return true;
    }
}
