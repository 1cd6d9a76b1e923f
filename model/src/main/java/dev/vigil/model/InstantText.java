package dev.vigil.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;

/**
 * An instant as the API writes it: exactly {@link Instant#toString()} (ISO 8601 in UTC, the fraction in groups
 * of three digits and only when not zero), written without {@code DateTimeFormatter}. Under load, JFR put a
 * sixth of the server's Java samples under Jackson's {@code InstantSerializer}, which writes the three
 * timestamps of every finding; this takes 7–9% off writing a findings page ({@code ./bench json},
 * docs/BENCHMARKS.md, *JSON of a findings page*).
 */
final class InstantText {

    private static final int SECONDS_PER_DAY = 86_400;

    private InstantText() {
    }

    static String of(Instant instant) {
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(instant.getEpochSecond(), SECONDS_PER_DAY));
        if (date.getYear() < 0 || date.getYear() > 9999) {
            return instant.toString();  // a sign and more digits: not worth a path of its own
        }
        int second = (int) Math.floorMod(instant.getEpochSecond(), SECONDS_PER_DAY);
        int nanos = instant.getNano();
        byte[] text = new byte[30];
        int at = digits(text, 0, date.getYear(), 4);
        text[at++] = '-';
        at = digits(text, at, date.getMonthValue(), 2);
        text[at++] = '-';
        at = digits(text, at, date.getDayOfMonth(), 2);
        text[at++] = 'T';
        at = digits(text, at, second / 3600, 2);
        text[at++] = ':';
        at = digits(text, at, second / 60 % 60, 2);
        text[at++] = ':';
        at = digits(text, at, second % 60, 2);
        if (nanos != 0) {
            text[at++] = '.';
            if (nanos % 1_000_000 == 0) {
                at = digits(text, at, nanos / 1_000_000, 3);
            } else if (nanos % 1_000 == 0) {
                at = digits(text, at, nanos / 1_000, 6);
            } else {
                at = digits(text, at, nanos, 9);
            }
        }
        text[at++] = 'Z';
        return new String(text, 0, at, StandardCharsets.ISO_8859_1);
    }

    /** Writes {@code value} as {@code width} decimal digits, zero-padded, and returns the index after them. */
    private static int digits(byte[] text, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return at + width;
    }

    /** Jackson's writer of instants for {@link Json#mapper()}. */
    static final class Serializer extends StdSerializer<Instant> {

        Serializer() {
            super(Instant.class);
        }

        @Override
        public void serialize(Instant instant, JsonGenerator generator, SerializerProvider provider)
                throws IOException {
            generator.writeString(of(instant));
        }
    }
}
