package dev.vigil.server.triage;

import dev.vigil.model.FindingStatus;
import dev.vigil.server.store.Database;
import dev.vigil.server.store.FindingCounts;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

/** Acceptance ends by itself: once {@code accepted_until} has passed the finding is open again. */
public final class AcceptanceExpiry {

    private static final int BATCH = 500;

    private final Database database;
    private final FindingRepository findings;
    private final HistoryRepository history;
    private final Clock clock;

    public AcceptanceExpiry(Database database, FindingRepository findings, HistoryRepository history, Clock clock) {
        this.database = database;
        this.findings = findings;
        this.history = history;
        this.clock = clock;
    }

    /** Reopens every finding whose acceptance ended before today (UTC); returns how many. */
    public int reopenExpired() {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        int total = 0;
        while (true) {
            List<UUID> expired = database.inTransaction(c -> findings.acceptanceExpired(c, today, BATCH));
            int reopened = database.inTransaction(c -> {
                int n = 0;
                FindingCounts.Changes counts = new FindingCounts.Changes();
                for (UUID id : expired) {
                    if (findings.changeStatus(c, id, FindingStatus.ACCEPTED, FindingStatus.OPEN, null, null, null,
                            counts)) {
                        history.insert(c, id, clock.millis(), "system", FindingStatus.ACCEPTED, FindingStatus.OPEN,
                                "acceptance_expired", "the acceptance ended");
                        n++;
                    }
                }
                counts.apply(c);
                return n;
            });
            total += reopened;
            if (expired.size() < BATCH || reopened == 0) {
                return total;
            }
        }
    }
}
