package dev.vigil.client;

import dev.vigil.model.Page;

import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The items of every page of a list, fetched lazily: the next page is asked for (with the previous
 * page's {@code next_cursor}) only when the items already fetched are used up.
 */
final class CursorPages<T> implements Iterator<T> {

    private final Function<String, Page<T>> fetch;
    private Iterator<T> items = Collections.emptyIterator();
    private String cursor;
    private boolean more = true;

    /** {@code fetch} receives the cursor, null for the first page. */
    private CursorPages(Function<String, Page<T>> fetch) {
        this.fetch = fetch;
    }

    static <T> Stream<T> stream(Function<String, Page<T>> fetch) {
        Iterator<T> iterator = new CursorPages<>(fetch);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator, Spliterator.ORDERED), false);
    }

    @Override
    public boolean hasNext() {
        while (!items.hasNext() && more) {
            fetchNextPage();
        }
        return items.hasNext();
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return items.next();
    }

    private void fetchNextPage() {
        Page<T> page = fetch.apply(cursor);
        items = page.data().iterator();
        String next = page.nextCursor();
        more = page.hasMore() && next != null;
        if (more && Objects.equals(next, cursor)) {
            throw new IllegalStateException("the server gave the same cursor twice: " + next);
        }
        cursor = next;
    }
}
