package dev.vigil.desktop.findings;

import dev.vigil.model.BulkStatusChange;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/** An action with the reason and acceptance date its dialog asked for (null when it needs none). */
public record TriageInput(TriageAction action, String reason, LocalDate acceptedUntil) {

    public static TriageInput of(TriageAction action) {
        return new TriageInput(action, null, null);
    }

    StatusChange change() {
        return new StatusChange(action, reason, acceptedUntil);
    }

    BulkStatusChange change(List<UUID> ids) {
        return new BulkStatusChange(ids, action, reason, acceptedUntil);
    }
}
