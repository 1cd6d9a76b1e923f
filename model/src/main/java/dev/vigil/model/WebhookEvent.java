package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The events a webhook may subscribe to (a {@code ping} is sent on request and needs no subscription). */
public enum WebhookEvent implements WireEnum {
    SCAN_COMPLETED("scan.completed"),
    SCAN_FAILED("scan.failed"),
    FINDING_NEW("finding.new"),
    FINDING_REGRESSED("finding.regressed"),
    SLA_BREACHED("sla.breached"),
    ACCEPTANCE_EXPIRING("acceptance.expiring"),
    PR_BLOCKED("pr.blocked");

    private final String wire;

    WebhookEvent(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static WebhookEvent of(String text) {
        return WireEnum.of(WebhookEvent.class, text);
    }
}
