package dev.vigil.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vigil.model.FindingFilter;
import dev.vigil.server.api.FindingFilters;
import dev.vigil.server.api.SubmissionReader;
import dev.vigil.server.http.ApiException;
import dev.vigil.server.http.Cursor;
import dev.vigil.server.http.Idempotency;
import dev.vigil.server.http.MalformedRequests;
import dev.vigil.server.http.QueryReader;
import dev.vigil.server.store.FindingQuery;
import io.helidon.common.GenericType;
import io.helidon.common.uri.UriQuery;
import io.helidon.http.HeaderNames;
import io.helidon.http.WritableHeaders;
import io.helidon.http.media.MediaContext;
import io.helidon.http.media.multipart.MultiPart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * What a request carries before any handler trusts it: the multipart form of a scan submission, the query
 * string of a list, a cursor and an Idempotency-Key. The invariant of each: the only exception that escapes is
 * an {@link ApiException} with a 4xx status (the client's fault, answered in the spec's error shape), never
 * another exception (a 500), a stack overflow or memory exhaustion, and the work ends in linear time.
 */
class RequestFuzzTest {

    private static final String BOUNDARY = "fuzz-boundary";
    private static final GenericType<MultiPart> MULTIPART = GenericType.create(MultiPart.class);
    private static final MediaContext MEDIA = MediaContext.create();
    private static final String FILTERS = "findings|||||";

    private static Path spoolDirectory;
    private static SubmissionReader submissions;

    @BeforeAll
    static void spool() throws Exception {
        spoolDirectory = Files.createTempDirectory("vigil-fuzz-spool");
        submissions = new SubmissionReader(spoolDirectory);
        // loads the classes a whole form needs (the multipart reader, the spool, Jackson for changed_files)
        // outside the first input's time limit
        submissions.read(multipart(wholeForm())).close();
    }

    private static byte[] wholeForm() throws IOException {
        ByteArrayOutputStream gzip = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
            out.write(new byte[1024]);
        }
        StringBuilder form = new StringBuilder();
        Map.of("project_id", UUID.randomUUID().toString(), "branch", "main", "commit_hash", "a".repeat(40),
                "scan_type", "full", "changed_files", "[\"a.txt\"]").forEach((name, value) -> form.append("--")
                .append(BOUNDARY).append("\r\nContent-Disposition: form-data; name=\"").append(name)
                .append("\"\r\n\r\n").append(value).append("\r\n"));
        form.append("--").append(BOUNDARY)
                .append("\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.tar.gz\"\r\n\r\n");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(form.toString().getBytes(StandardCharsets.UTF_8));
        body.writeBytes(gzip.toByteArray());
        body.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return body.toByteArray();
    }

    @AfterAll
    static void removeSpool() throws IOException {
        try (Stream<Path> left = Files.list(spoolDirectory)) {
            if (left.findAny().isPresent()) {
                throw new AssertionError("a refused or read form left its archive in the spool");
            }
        }
        Files.delete(spoolDirectory);
    }

    /** A scan submission's body, read as the server reads it under a fixed boundary. */
    @FuzzTest
    void multipartForm(byte[] body) {
        Fuzzing.withinTime(body.length, () -> clientFault(() -> submissions.read(multipart(body)).close()));
    }

    private static MultiPart multipart(byte[] body) {
        WritableHeaders<?> headers = WritableHeaders.create();
        headers.set(HeaderNames.CONTENT_TYPE, "multipart/form-data; boundary=" + BOUNDARY);
        return MEDIA.reader(MULTIPART, headers).read(MULTIPART, new ByteArrayInputStream(body), headers);
    }

    /** A list's query string: percent-decoding, the limit, the findings filters and their SQL, the cursor. */
    @FuzzTest
    void queryString(byte[] input) {
        String raw = new String(input, StandardCharsets.UTF_8);
        Fuzzing.withinTime(input.length, () -> clientFault(() -> {
            UriQuery query = UriQuery.create(raw);
            Optional<ApiException> malformed = MalformedRequests.queryProblem(query);
            if (malformed.isPresent()) {
                throw malformed.get();
            }
            QueryReader reader = new QueryReader(query);
            reader.limit();
            FindingFilters.format(reader);
            FindingFilter filter = FindingFilters.read(reader);
            FindingQuery.of(UUID.randomUUID(), filter);
            String canonical = FindingQuery.canonical(filter);
            Optional<String> cursor = reader.cursor();
            if (cursor.isPresent()) {
                Cursor.decode(cursor.get(), canonical, 2);
            }
        }));
    }

    /** A cursor as a client may send it back, tampered with: decoded, then its parts read as numbers and ids. */
    @FuzzTest
    void cursor(byte[] input) {
        String cursor = new String(input, StandardCharsets.UTF_8);
        Fuzzing.withinTime(input.length, () -> clientFault(() -> {
            List<String> key = Cursor.decode(cursor, FILTERS, 2);
            Cursor.number(key.get(0));
            Cursor.uuid(key.get(1));
        }));
        if (cursor.indexOf('\u001f') < 0
                && !Cursor.decode(Cursor.encode(FILTERS, cursor, cursor), FILTERS, 2).equals(List.of(cursor, cursor))) {
            throw new AssertionError("a cursor does not give back the key it was made from");
        }
    }

    /** An Idempotency-Key header: a UUID v4 in its canonical form, or 400. */
    @FuzzTest
    void idempotencyKey(byte[] input) {
        String header = new String(input, StandardCharsets.UTF_8);
        Fuzzing.withinTime(input.length, () -> clientFault(() -> {
            UUID key = Idempotency.parseKey(header);
            if (key.version() != 4 || !key.toString().equals(header.strip().toLowerCase(Locale.ROOT))) {
                throw new AssertionError("accepted a key that is not a canonical UUID v4");
            }
        }));
    }

    private static void clientFault(Fuzzing.ThrowingRunnable work) throws Exception {
        try {
            work.run();
        } catch (ApiException e) {
            if (e.status() < 400 || e.status() >= 500) {
                throw new AssertionError("answered " + e.status() + " to a client's input", e);
            }
        }
    }
}
