package dev.vigil.client;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A strict multipart/form-data parser for tests: it fails on anything RFC 7578 would not accept. */
final class MultipartParser {

    record Part(String name, Optional<String> filename, Optional<String> contentType, byte[] content) {

        String text() {
            return new String(content, StandardCharsets.UTF_8);
        }
    }

    private static final Pattern BOUNDARY = Pattern.compile("^multipart/form-data;\\s*boundary=(\"?)([^\";]+)\\1$");
    private static final Pattern NAME = Pattern.compile("; name=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("; filename=\"([^\"]*)\"");

    private MultipartParser() {
    }

    static String boundary(String contentType) {
        Matcher matcher = BOUNDARY.matcher(contentType);
        if (!matcher.matches()) {
            throw new AssertionError("not a multipart/form-data content type: " + contentType);
        }
        return matcher.group(2);
    }

    static List<Part> parse(String contentType, byte[] body) {
        String boundary = boundary(contentType);
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
        byte[] nextDelimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.US_ASCII);
        expect(indexOf(body, delimiter, 0) == 0, "the body starts with the first delimiter");
        List<Part> parts = new ArrayList<>();
        int position = delimiter.length;
        while (!startsWith(body, position, "--\r\n")) {
            expect(startsWith(body, position, "\r\n"), "a delimiter is followed by CRLF");
            int headStart = position + 2;
            int headEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), headStart);
            expect(headEnd > 0, "a part has a header block");
            int contentEnd = indexOf(body, nextDelimiter, headEnd + 4);
            expect(contentEnd > 0, "a part is closed by a delimiter");
            String head = new String(body, headStart, headEnd - headStart, StandardCharsets.UTF_8);
            parts.add(part(head, Arrays.copyOfRange(body, headEnd + 4, contentEnd)));
            position = contentEnd + nextDelimiter.length;
        }
        expect(position + 4 == body.length, "nothing follows the closing delimiter");
        return parts;
    }

    private static Part part(String head, byte[] content) {
        String disposition = null;
        String contentType = null;
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            String name = line.substring(0, colon).strip().toLowerCase();
            String value = line.substring(colon + 1).strip();
            switch (name) {
                case "content-disposition" -> disposition = value;
                case "content-type" -> contentType = value;
                default -> throw new AssertionError("unexpected part header: " + line);
            }
        }
        expect(disposition != null && disposition.startsWith("form-data;"), "a part is form-data: " + head);
        Matcher name = NAME.matcher(disposition);
        expect(name.find(), "a part has a name: " + head);
        Matcher filename = FILENAME.matcher(disposition);
        Optional<String> file = filename.find() ? Optional.of(filename.group(1)) : Optional.empty();
        return new Part(name.group(1), file, Optional.ofNullable(contentType), content);
    }

    private static boolean startsWith(byte[] body, int position, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        return position + bytes.length <= body.length
                && Arrays.equals(body, position, position + bytes.length, bytes, 0, bytes.length);
    }

    private static int indexOf(byte[] body, byte[] wanted, int from) {
        outer:
        for (int i = from; i <= body.length - wanted.length; i++) {
            for (int j = 0; j < wanted.length; j++) {
                if (body[i + j] != wanted[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static void expect(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("malformed multipart body: expected " + what);
        }
    }
}
