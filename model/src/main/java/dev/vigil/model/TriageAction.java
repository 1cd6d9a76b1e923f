package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The six triage actions of the specification, each with the state it targets. */
public enum TriageAction implements WireEnum {
    IN_PROGRESS("in_progress", FindingStatus.IN_PROGRESS, Role.MEMBER),
    BACKLOG("backlog", FindingStatus.IN_BACKLOG, Role.ADMIN),
    RESOLVE("resolve", FindingStatus.RESOLVED, Role.ADMIN),
    ACCEPT("accept", FindingStatus.ACCEPTED, Role.ADMIN),
    FALSE_POSITIVE("false_positive", FindingStatus.FALSE_POSITIVE, Role.ADMIN),
    REOPEN("reopen", FindingStatus.OPEN, Role.ADMIN);

    private final String wire;
    private final FindingStatus target;
    private final Role minimumRole;

    TriageAction(String wire, FindingStatus target, Role minimumRole) {
        this.wire = wire;
        this.target = target;
        this.minimumRole = minimumRole;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public FindingStatus target() {
        return target;
    }

    public Role minimumRole() {
        return minimumRole;
    }

    public boolean permits(Role role) {
        return role.atLeast(minimumRole);
    }

    public boolean requiresReason() {
        return this == ACCEPT || this == FALSE_POSITIVE;
    }

    public boolean requiresAcceptedUntil() {
        return this == ACCEPT;
    }

    @JsonCreator
    public static TriageAction of(String text) {
        return WireEnum.of(TriageAction.class, text);
    }
}
