package dev.vigil.server.scan;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import org.xml.sax.SAXParseException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;

/**
 * Where a parser gave up on a file: a line and a column, each 0 when unknown. It holds no text on purpose:
 * parsers' messages quote the file (Jackson's {@code Unrecognized token 'ghp_…'}), so a warning is built from
 * a code, the path and this place only.
 */
public record ParseError(int line, int column) {

    public static final ParseError UNKNOWN = new ParseError(0, 0);
    private static final int MAX_CAUSES = 16;

    public ParseError {
        line = Math.max(line, 0);
        column = line == 0 ? 0 : Math.max(column, 0);
    }

    /** The place that the first exception among {@code thrown} and its causes knows, else {@link #UNKNOWN}. */
    public static ParseError at(Throwable thrown) {
        Throwable t = thrown;
        for (int depth = 0; t != null && depth < MAX_CAUSES; depth++, t = t.getCause()) {
            ParseError place = placeOf(t);
            if (place.line() > 0) {
                return place;
            }
        }
        return UNKNOWN;
    }

    private static ParseError placeOf(Throwable t) {
        return switch (t) {
            case MalformedFileException e -> new ParseError(e.line(), 0);
            case JsonProcessingException e when e.getLocation() != null -> of(e.getLocation());
            case SAXParseException e -> new ParseError(e.getLineNumber(), e.getColumnNumber());
            case XMLStreamException e when e.getLocation() != null -> of(e.getLocation());
            case MarkedYAMLException e when e.getProblemMark() != null -> of(e.getProblemMark());
            default -> UNKNOWN;
        };
    }

    private static ParseError of(JsonLocation location) {
        return new ParseError(location.getLineNr(), location.getColumnNr());
    }

    private static ParseError of(Location location) {
        return new ParseError(location.getLineNumber(), location.getColumnNumber());
    }

    private static ParseError of(Mark mark) {
        return new ParseError(mark.getLine() + 1, mark.getColumn() + 1);
    }

    /** The warning's message: fixed words and this place. */
    public String message() {
        if (line == 0) {
            return "cannot parse this file";
        }
        return column == 0 ? "cannot parse this file at line " + line
                : "cannot parse this file at line " + line + ", column " + column;
    }
}
