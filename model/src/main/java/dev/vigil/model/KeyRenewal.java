package dev.vigil.model;

/**
 * Body of {@code POST /system/api-keys/renew}: a key that no longer works (revoked or expired) and the name
 * of the new key for the same user.
 */
public record KeyRenewal(String apiKey, String name) {

    /** Never shows the key, so that logging the record cannot leak it. */
    @Override
    public String toString() {
        return "KeyRenewal[apiKey=****, name=" + name + "]";
    }
}
