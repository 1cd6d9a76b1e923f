package dev.vigil.server.api;

import dev.vigil.model.FindingSort;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.store.FindingOrder;
import dev.vigil.server.store.FindingQuery;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A findings cursor's key: the sort's column values (text in Base64, so that no value can hold the cursor's
 * separator), then the sort key and id. The default order has no column values, as before sorting existed.
 */
final class FindingCursors {

    private FindingCursors() {
    }

    static String[] key(FindingQuery.Key key) {
        List<String> parts = new ArrayList<>();
        for (Object value : key.columns()) {
            parts.add(value instanceof String text
                    ? Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8))
                    : value.toString());
        }
        parts.add(Long.toString(key.sortKey()));
        parts.add(key.id().toString());
        return parts.toArray(String[]::new);
    }

    /** The position {@code cursor} holds, refused unless it was made for {@code filters} (which bind the sort). */
    static FindingQuery.Key decode(String cursor, String filters, FindingSort sort) {
        List<FindingOrder.Type> types = FindingOrder.types(sort);
        List<String> parts = Cursor.decode(cursor, filters, types.size() + 2);
        List<Object> columns = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            columns.add(types.get(i) == FindingOrder.Type.NUMBER ? Cursor.number(parts.get(i)) : text(parts.get(i)));
        }
        return new FindingQuery.Key(Cursor.number(parts.get(types.size())), Cursor.uuid(parts.get(types.size() + 1)),
                columns);
    }

    private static String text(String part) {
        try {
            return new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidCursor();
        }
    }
}
