package dev.vigil.server.notify;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/**
 * The {@code X-Vigil-Signature} of a delivery, as GitHub signs its webhooks: {@code sha256=} and the hex
 * HMAC-SHA256 of the raw body, keyed with the UTF-8 bytes of the secret as shown at the webhook's creation.
 */
public final class Signature {

    public static final String HEADER = "X-Vigil-Signature";

    private Signature() {
    }

    public static String of(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
