package dev.vigil.server.advisories;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.server.scan.sca.AffectedPackage;

import java.util.List;

/** The compact JSON of the list columns of {@code advisories}. */
final class AdvisoryJson {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };
    private static final TypeReference<List<AffectedPackage>> AFFECTED = new TypeReference<>() {
    };

    private AdvisoryJson() {
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("advisory facts are plain data", e);
        }
    }

    static List<String> strings(String json) {
        return read(json, STRINGS);
    }

    static List<AffectedPackage> affected(String json) {
        return read(json, AFFECTED);
    }

    private static <T> T read(String json, TypeReference<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("corrupt advisory row: " + e.getOriginalMessage(), e);
        }
    }
}
