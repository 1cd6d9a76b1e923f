package dev.vigil.desktop.shell;

import dev.vigil.model.Role;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;

import java.util.Optional;

/**
 * A page for Admins and Owners only (API keys, decisions, notifications): the navigation disables it for
 * a Member and says why.
 */
public abstract class AdminPage implements Page {

    private final String id;
    private final String title;
    private final Ikon icon;
    private final KeyCombination shortcut;
    private final String manages;

    /** {@code manages} completes "Only Admins and Owners manage …" ("API keys", "decisions"). */
    protected AdminPage(String id, String title, Ikon icon, String shortcut, String manages) {
        this.id = id;
        this.title = title;
        this.icon = icon;
        this.shortcut = KeyCombination.keyCombination(shortcut);
        this.manages = manages;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String title() {
        return title;
    }

    @Override
    public final Ikon icon() {
        return icon;
    }

    @Override
    public final KeyCombination shortcut() {
        return shortcut;
    }

    @Override
    public final Optional<String> refusal(Role role) {
        return role.atLeast(Role.ADMIN) ? Optional.empty()
                : Optional.of("Only Admins and Owners manage " + manages + "; your role is " + role.wire() + ".");
    }
}
