package dev.vigil.model;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** The filters of the findings list and export (specification 4.4); empty means "any". */
public record FindingFilter(Set<Severity> severities, Set<FindingStatus> statuses, Optional<ScanKind> scanType,
                            Optional<UUID> projectId, Optional<UUID> assignedToUserId, Optional<String> search) {

    public FindingFilter {
        severities = severities.isEmpty() ? EnumSet.noneOf(Severity.class) : EnumSet.copyOf(severities);
        statuses = statuses.isEmpty() ? EnumSet.noneOf(FindingStatus.class) : EnumSet.copyOf(statuses);
        search = search.map(String::strip).filter(s -> !s.isEmpty());
    }

    public static FindingFilter none() {
        return new FindingFilter(Set.of(), Set.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    public FindingFilter withSeverities(Set<Severity> value) {
        return new FindingFilter(value, statuses, scanType, projectId, assignedToUserId, search);
    }

    public FindingFilter withStatuses(Set<FindingStatus> value) {
        return new FindingFilter(severities, value, scanType, projectId, assignedToUserId, search);
    }

    public FindingFilter withScanType(ScanKind value) {
        return new FindingFilter(severities, statuses, Optional.ofNullable(value), projectId, assignedToUserId, search);
    }

    public FindingFilter withProject(UUID value) {
        return new FindingFilter(severities, statuses, scanType, Optional.ofNullable(value), assignedToUserId, search);
    }

    public FindingFilter withAssignee(UUID value) {
        return new FindingFilter(severities, statuses, scanType, projectId, Optional.ofNullable(value), search);
    }

    public FindingFilter withSearch(String value) {
        return new FindingFilter(severities, statuses, scanType, projectId, assignedToUserId, Optional.ofNullable(value));
    }
}
