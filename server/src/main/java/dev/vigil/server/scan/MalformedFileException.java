package dev.vigil.server.scan;

/**
 * Thrown by a parser of this code base for a file it cannot read. Its message is the parser's own fixed words,
 * never text of the file; scanners report it as a {@link ParseError}, which keeps only the place.
 */
public class MalformedFileException extends RuntimeException {

    private final int line;

    /** At a line (0 when unknown). */
    public MalformedFileException(String reason, int line) {
        super(line > 0 ? reason + " at line " + line : reason, null, false, false);
        this.line = line;
    }

    /** Where a library's parser failed: the place is {@code cause}'s, found by {@link ParseError#at}. */
    public MalformedFileException(String reason, Throwable cause) {
        super(reason, cause, false, false);
        this.line = 0;
    }

    public int line() {
        return line;
    }
}
