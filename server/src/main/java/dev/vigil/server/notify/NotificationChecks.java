package dev.vigil.server.notify;

import dev.vigil.server.store.Database;
import dev.vigil.server.work.Periodic;

import java.time.Clock;
import java.time.Duration;

/**
 * The periodic side of notifications, on every node: SLA breaches and expiring acceptances each minute (each
 * happens once, whichever node finds it first), and deliveries older than {@link #KEPT} forgotten.
 */
public final class NotificationChecks implements AutoCloseable {

    static final Duration KEPT = Duration.ofDays(30);

    private final Periodic scheduler = new Periodic("vigil-notification-checks");
    private final SlaBreaches slaBreaches;
    private final ExpiringAcceptances acceptances;
    private final Database database;
    private final Clock clock;

    public NotificationChecks(SlaBreaches slaBreaches, ExpiringAcceptances acceptances, Database database,
                              Clock clock) {
        this.slaBreaches = slaBreaches;
        this.acceptances = acceptances;
        this.database = database;
        this.clock = clock;
    }

    public void start() {
        scheduler.every(Duration.ofMinutes(1), "reporting SLA breaches", slaBreaches::run);
        scheduler.every(Duration.ofMinutes(1), "noticing expiring acceptances", acceptances::run);
        scheduler.every(Duration.ofHours(1), "purging old webhook deliveries", this::purge);
    }

    /** Forgets finished deliveries older than {@link #KEPT}; returns how many. */
    public int purge() {
        DeliveryRepository deliveries = new DeliveryRepository();
        return database.inTransaction(c -> deliveries.purge(c, clock.millis() - KEPT.toMillis()));
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
