package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Fingerprints built from fields that survive code moving, never from a line number
 * (docs/adr/0010-fingerprints-survive-code-moving.md).
 */
public final class Fingerprints {

    public static final String PREFIX = "fp_v1:";

    private Fingerprints() {
    }

    public static String of(ScanKind kind, String ruleId, String path, String identity) {
        return PREFIX + sha256Hex(String.join("\u0000", kind.wire(), ruleId, path, identity));
    }

    public static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    public static String sha256Hex(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
