package dev.vigil.server.scan.secrets;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;

/**
 * Tells a JSON Web Token of documentation from one a service issued: a token whose HMAC signature (HS256,
 * HS384, HS512) is made with a key that documentation publishes ({@code secret}, jwt.io's
 * {@code your-256-bit-secret}, ...) can be minted by anyone, so it grants nothing and is not reported. A rule
 * says {@code jwt: true} to have its secret judged so; a Base64-encoded token ({@code ZXlK…}) is decoded first.
 */
final class JwtExample {

    /** Keys that JWT libraries' and jwt.io's documentation sign their example tokens with. */
    private static final List<String> PUBLISHED_KEYS = List.of("secret", "your-256-bit-secret",
            "your-384-bit-secret", "your-512-bit-secret", "shhhhh", "your-secret-key", "secretkey", "mysecret");
    private static final String[] ALGORITHMS = {"HmacSHA256", "HmacSHA384", "HmacSHA512"};
    private static final int MAX_TOKEN = 16_384;

    private JwtExample() {
    }

    /** Whether {@code secret} is a token signed with a published key. */
    static boolean signedWithPublishedKey(String secret) {
        String token = secret.startsWith("ZXlK") ? decodeOuter(secret) : secret.replace("\\", "");
        if (token == null || token.length() > MAX_TOKEN) {
            return false;
        }
        int second = token.lastIndexOf('.');
        if (second <= 0 || second == token.length() - 1) {
            return false;
        }
        String signingInput = token.substring(0, second);
        String signature = stripPadding(token.substring(second + 1)).replace('+', '-').replace('/', '_');
        for (String key : PUBLISHED_KEYS) {
            for (String algorithm : ALGORITHMS) {
                if (signature.equals(sign(algorithm, key, signingInput))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String sign(String algorithm, String key, String input) {
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), algorithm));
            byte[] digest = mac.doFinal(input.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }

    private static String decodeOuter(String secret) {
        try {
            String compact = secret.replace("\\", "").replace("\r", "").replace("\n", "");
            return new String(Base64.getMimeDecoder().decode(compact), StandardCharsets.US_ASCII).strip();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String stripPadding(String text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '=') {
            end--;
        }
        return text.substring(0, end);
    }
}
