package dev.vigil.model;

import java.util.List;

/** The envelope of every list endpoint. {@code nextCursor} is null when there is no further page. */
public record Page<T>(List<T> data, boolean hasMore, String nextCursor) {

    public Page {
        data = List.copyOf(data);
    }
}
