package dev.vigil.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vigil.model.ApiError.FieldProblem;
import dev.vigil.model.WireEnum;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads the fields of a JSON body, collecting every problem; {@link #validate()} then throws one
 * VALIDATION_FAILED naming them all. Values of fields with problems are null: use them only after it.
 */
public final class BodyReader {

    private final JsonNode body;
    private final List<FieldProblem> problems = new ArrayList<>();

    public BodyReader(JsonNode body) {
        this.body = body;
    }

    public String requiredText(String field, int maxLength) {
        Optional<String> value = optionalText(field, maxLength);
        if (value.isEmpty() && problemsFor(field)) {
            problems.add(new FieldProblem(field, "is required"));
        }
        return value.orElse(null);
    }

    public Optional<String> optionalText(String field, int maxLength) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isTextual()) {
            return problem(field, "must be a string");
        }
        String value = node.asText().strip();
        if (value.isEmpty()) {
            return problem(field, "must not be blank");
        }
        if (value.length() > maxLength) {
            return problem(field, "must be at most " + maxLength + " characters");
        }
        return Optional.of(value);
    }

    public <E extends Enum<E> & WireEnum> E requiredEnum(String field, Class<E> type) {
        Optional<E> value = optionalEnum(field, type);
        if (value.isEmpty() && problemsFor(field)) {
            problems.add(new FieldProblem(field, "is required"));
        }
        return value.orElse(null);
    }

    public <E extends Enum<E> & WireEnum> Optional<E> optionalEnum(String field, Class<E> type) {
        return optionalText(field, 100).flatMap(text -> WireEnum.parse(type, text)
                .or(() -> problem(field, "must be one of " + wireNames(type))));
    }

    public Optional<UUID> optionalUuid(String field) {
        return optionalText(field, 36).flatMap(text -> Uuids.parse(text).or(() -> problem(field, "must be a UUID")));
    }

    public Optional<LocalDate> optionalDate(String field) {
        return optionalText(field, 10).flatMap(text -> {
            try {
                return Optional.of(LocalDate.parse(text));
            } catch (DateTimeParseException e) {
                return problem(field, "must be a date of the form YYYY-MM-DD");
            }
        });
    }

    public JsonNode node(String field) {
        return body.get(field);
    }

    public void addProblem(String field, String problem) {
        problems.add(new FieldProblem(field, problem));
    }

    /** Throws VALIDATION_FAILED when any field had a problem. */
    public void validate() {
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
    }

    private boolean problemsFor(String field) {
        return problems.stream().noneMatch(p -> p.field().equals(field));
    }

    private <T> Optional<T> problem(String field, String problem) {
        problems.add(new FieldProblem(field, problem));
        return Optional.empty();
    }

    static <E extends Enum<E> & WireEnum> String wireNames(Class<E> type) {
        return String.join(", ", Arrays.stream(type.getEnumConstants()).map(WireEnum::wire).toList());
    }
}
