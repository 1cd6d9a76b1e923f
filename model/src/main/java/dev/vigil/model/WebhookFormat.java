package dev.vigil.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What a webhook posts: the signed JSON event, or a {@code {"text"}} message for a Slack or Mattermost hook. */
public enum WebhookFormat implements WireEnum {
    JSON("json"),
    SLACK("slack");

    private final String wire;

    WebhookFormat(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static WebhookFormat of(String text) {
        return WireEnum.of(WebhookFormat.class, text);
    }
}
