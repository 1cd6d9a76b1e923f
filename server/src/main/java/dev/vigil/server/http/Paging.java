package dev.vigil.server.http;

import dev.vigil.model.Page;

import java.util.List;
import java.util.function.Function;

/** Turns {@code limit + 1} fetched rows into a page envelope whose cursor points after the last row shown. */
public final class Paging {

    private Paging() {
    }

    public static <T> Page<T> page(List<T> rows, int limit, String filters, Function<T, String[]> keyOf) {
        if (rows.size() <= limit) {
            return new Page<>(rows, false, null);
        }
        List<T> shown = rows.subList(0, limit);
        return new Page<>(shown, true, Cursor.encode(filters, keyOf.apply(shown.getLast())));
    }
}
