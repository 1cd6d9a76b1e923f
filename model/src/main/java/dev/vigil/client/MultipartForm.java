package dev.vigil.client;

import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A {@code multipart/form-data} body (RFC 7578) built by hand. A file given as a {@link Path} is streamed
 * from disk when the request is sent, and a byte array is sent as it is: neither is copied. Parts are sent
 * in the order they were added. Public so that tests can send a form the typed methods would refuse.
 */
public final class MultipartForm {

    private static final byte[] CRLF = {'\r', '\n'};
    private static final SecureRandom RANDOM = new SecureRandom();

    private sealed interface Content permits InMemory, OnDisk {
    }

    private record InMemory(byte[] bytes) implements Content {
    }

    private record OnDisk(Path path) implements Content {
    }

    private record Part(byte[] head, Content content) {
    }

    private final String boundary;
    private final List<Part> parts = new ArrayList<>();

    public MultipartForm() {
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        this.boundary = "vigil-" + HexFormat.of().formatHex(random);
    }

    public MultipartForm field(String name, String value) {
        parts.add(new Part(head(name, null, null), new InMemory(value.getBytes(StandardCharsets.UTF_8))));
        return this;
    }

    public MultipartForm file(String name, String filename, String contentType, byte[] content) {
        parts.add(new Part(head(name, filename, contentType), new InMemory(Objects.requireNonNull(content))));
        return this;
    }

    public MultipartForm file(String name, String filename, String contentType, Path content) {
        parts.add(new Part(head(name, filename, contentType), new OnDisk(Objects.requireNonNull(content))));
        return this;
    }

    public String boundary() {
        return boundary;
    }

    /** The value of the request's Content-Type header. */
    public String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    /** The whole body in memory, for {@link VigilClient#send}: files are read here. */
    public byte[] toByteArray() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            for (Part part : parts) {
                out.write(part.head());
                switch (part.content()) {
                    case InMemory(byte[] bytes) -> out.write(bytes);
                    case OnDisk(Path path) -> Files.copy(path, out);
                }
                out.write(CRLF);
            }
            out.write(closing());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a file of the form", e);
        }
        return out.toByteArray();
    }

    /** The body as a publisher of known length: heads, contents and the closing delimiter in sequence. */
    BodyPublisher publisher() {
        List<BodyPublisher> pieces = new ArrayList<>();
        for (Part part : parts) {
            pieces.add(BodyPublishers.ofByteArray(part.head()));
            pieces.add(publisherOf(part.content()));
            pieces.add(BodyPublishers.ofByteArray(CRLF));
        }
        pieces.add(BodyPublishers.ofByteArray(closing()));
        return BodyPublishers.concat(pieces.toArray(BodyPublisher[]::new));
    }

    private static BodyPublisher publisherOf(Content content) {
        return switch (content) {
            case InMemory(byte[] bytes) -> BodyPublishers.ofByteArray(bytes);
            case OnDisk(Path path) -> {
                try {
                    yield BodyPublishers.ofFile(path);
                } catch (FileNotFoundException e) {
                    throw new UncheckedIOException("no such file: " + path, e);
                }
            }
        };
    }

    private byte[] head(String name, String filename, String contentType) {
        StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(quoted(name)).append('"');
        if (filename != null) {
            head.append("; filename=\"").append(quoted(filename)).append('"');
        }
        head.append("\r\n");
        if (contentType != null) {
            head.append("Content-Type: ").append(quoted(contentType)).append("\r\n");
        }
        return head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private byte[] closing() {
        return ("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Escapes as browsers do (WHATWG): quote, CR and LF percent-encoded, so a value cannot end the header. */
    private static String quoted(String text) {
        return text.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
    }

    @Override
    public String toString() {
        return "MultipartForm[" + parts.size() + " parts]";
    }
}
