package dev.vigil.server.triage;

import dev.vigil.model.Severity;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Days to fix a finding by severity, counted from first_seen; info has no deadline
 * (docs/adr/0011-default-branch-scans-change-findings.md).
 */
public record SlaPolicy(Map<Severity, Integer> days) {

    public SlaPolicy {
        days = Map.copyOf(new EnumMap<>(days));
        days.values().forEach(d -> {
            if (d <= 0) {
                throw new IllegalArgumentException("SLA days must be positive");
            }
        });
    }

    public static SlaPolicy defaults() {
        return new SlaPolicy(Map.of(Severity.CRITICAL, 7, Severity.HIGH, 30, Severity.MEDIUM, 90, Severity.LOW, 180));
    }

    /** The deadline in epoch milliseconds of a finding first seen at {@code firstSeen}, if its severity has one. */
    public Optional<Long> deadline(Severity severity, long firstSeen) {
        return Optional.ofNullable(days.get(severity)).map(d -> firstSeen + Duration.ofDays(d).toMillis());
    }
}
