package dev.vigil.model;

/** Something a scan could not do, and where: {@code path} is null when it concerns the whole archive. */
public record ScanWarning(String code, String message, String path) {
}
