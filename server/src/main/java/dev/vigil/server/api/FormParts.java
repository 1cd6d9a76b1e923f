package dev.vigil.server.api;

import dev.vigil.server.http.ApiException;
import io.helidon.http.media.multipart.MultiPart;
import io.helidon.http.media.multipart.ReadablePart;

import java.util.Iterator;

/**
 * The parts of a multipart/form-data body, where a body that ends early or does not parse (a truncated part
 * header, a missing boundary line) is the client's fault: 400, not a parser's exception answered 500.
 */
final class FormParts implements Iterator<ReadablePart> {

    private final MultiPart parts;

    FormParts(MultiPart parts) {
        this.parts = parts;
    }

    static ApiException malformed() {
        return ApiException.validation("body", "is not a complete multipart/form-data body");
    }

    /** A part's name, from a Content-Disposition header that Helidon parses only when asked. */
    static String name(ReadablePart part) {
        try {
            return part.name();
        } catch (RuntimeException e) {
            throw ApiException.validation("body", "has a part whose Content-Disposition does not parse");
        }
    }

    @Override
    public boolean hasNext() {
        try {
            return parts.hasNext();
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            throw malformed();
        }
    }

    @Override
    public ReadablePart next() {
        try {
            return parts.next();
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            throw malformed();
        }
    }
}
