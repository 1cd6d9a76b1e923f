package dev.vigil.desktop.shell;

import dev.vigil.model.Role;
import javafx.scene.Node;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;

import java.util.Optional;

/**
 * One view of the dashboard, as the navigation shows it. Contract: {@link #view()} MUST return the same
 * node on every call and MUST NOT block (data loads through the view model); {@link #shown()} MAY refresh.
 */
public interface Page {

    /** Stable id, used for the navigation button's {@code #nav-<id>} and the view's {@code #page-<id>}. */
    String id();

    String title();

    Ikon icon();

    KeyCombination shortcut();

    Node view();

    default void shown() {
    }

    /** Why a user with {@code role} may not open this page, if they may not. */
    default Optional<String> refusal(Role role) {
        return Optional.empty();
    }
}
