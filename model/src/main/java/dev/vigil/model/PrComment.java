package dev.vigil.model;

/** State of the pull-request comment of a scan: not_requested, not_configured, pending, posted or failed. */
public record PrComment(String status, String url, String error) {
}
