package dev.vigil.server.scan.iac;

import java.util.Locale;

/** The file formats the iac engine reads. */
enum Framework {
    TERRAFORM, CLOUDFORMATION, KUBERNETES, DOCKERFILE;

    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Framework of(String text) {
        return valueOf(text.toUpperCase(Locale.ROOT));
    }
}
