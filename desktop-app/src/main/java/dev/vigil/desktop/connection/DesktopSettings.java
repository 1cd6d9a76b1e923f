package dev.vigil.desktop.connection;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.net.URI;
import java.util.Optional;

/**
 * What the dashboard remembers between launches. It holds API keys, so {@link SettingsStore} writes it
 * readable by its owner only, and {@link #toString()} never shows them.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record DesktopSettings(Target target, Optional<URI> remoteUrl, Optional<String> remoteApiKey,
                              Optional<String> localApiKey, boolean darkTheme) {

    /** Which server the dashboard talks to. */
    public enum Target { LOCAL, REMOTE }

    public DesktopSettings {
        target = target == null ? Target.LOCAL : target;
        remoteUrl = remoteUrl == null ? Optional.empty() : remoteUrl;
        remoteApiKey = remoteApiKey == null ? Optional.empty() : remoteApiKey;
        localApiKey = localApiKey == null ? Optional.empty() : localApiKey;
    }

    public static DesktopSettings initial() {
        return new DesktopSettings(Target.LOCAL, Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    public DesktopSettings withLocal() {
        return new DesktopSettings(Target.LOCAL, remoteUrl, remoteApiKey, localApiKey, darkTheme);
    }

    public DesktopSettings withRemote(URI url, String apiKey) {
        return new DesktopSettings(Target.REMOTE, Optional.of(url), Optional.of(apiKey), localApiKey, darkTheme);
    }

    public DesktopSettings withLocalApiKey(String apiKey) {
        return new DesktopSettings(target, remoteUrl, remoteApiKey, Optional.of(apiKey), darkTheme);
    }

    public DesktopSettings withDarkTheme(boolean value) {
        return new DesktopSettings(target, remoteUrl, remoteApiKey, localApiKey, value);
    }

    @Override
    public String toString() {
        return "DesktopSettings[target=" + target + ", remoteUrl=" + remoteUrl.map(URI::toString).orElse("-")
                + ", darkTheme=" + darkTheme + "]";
    }
}
