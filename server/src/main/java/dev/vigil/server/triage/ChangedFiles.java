package dev.vigil.server.triage;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.vigil.model.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

/** The stored {@code changed_files} of a pull-request scan. */
final class ChangedFiles {

    private ChangedFiles() {
    }

    static Set<String> parse(String json) {
        if (json == null) {
            return Set.of();
        }
        try {
            return Set.copyOf(Json.mapper().readValue(json, new TypeReference<List<String>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
