package dev.vigil.server.api;

import dev.vigil.server.http.ApiException;
import io.helidon.http.media.multipart.MultiPart;
import io.helidon.http.media.multipart.ReadablePart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads the multipart form of a scan submission, holding nothing but memory for the text fields (64 KiB
 * together) and a temporary file for the archive ({@link UploadSpool}). Whatever a client sends, what escapes
 * is an {@link ApiException}: a form that does not parse, ends early or breaks a limit is the client's fault.
 */
public final class SubmissionReader {

    /** A received form: its validated fields and the spooled archive, deleted on close. */
    public record Received(SubmissionForm.Fields fields, UploadSpool.SpooledArchive archive) implements AutoCloseable {

        @Override
        public void close() {
            archive.close();
        }
    }

    private final UploadSpool spool;

    public SubmissionReader(Path spoolDirectory) {
        this.spool = new UploadSpool(spoolDirectory).prepare();
    }

    /** Reads every part: the text fields, validated, and the archive, which is required. */
    public Received read(MultiPart parts) {
        SubmissionForm form = new SubmissionForm();
        Optional<UploadSpool.SpooledArchive> archive = Optional.empty();
        try {
            FormParts body = new FormParts(parts);
            while (body.hasNext()) {
                ReadablePart part = form.count(body.next());
                String name = FormParts.name(part);
                if (name.equals("files") && archive.isEmpty()) {
                    archive = Optional.of(spool.receive(part.inputStream()));
                } else if (name.equals("files")) {
                    throw ApiException.validation("files", "send exactly one archive");
                } else {
                    form.put(name, readField(part, name, form.fieldBytesLeft()));
                }
            }
            if (archive.isEmpty()) {
                form.problem("files", "is required: a .tar.gz archive of the code");
            }
            return new Received(form.validate(), archive.orElseThrow());
        } catch (RuntimeException e) {
            archive.ifPresent(UploadSpool.SpooledArchive::close);
            throw e;
        }
    }

    private static byte[] readField(ReadablePart part, String name, int bytesLeft) {
        try (InputStream in = part.inputStream()) {
            byte[] bytes = in.readNBytes(bytesLeft + 1);
            if (bytes.length > bytesLeft) {
                throw ApiException.validation(name, "makes the text fields longer than "
                        + SubmissionForm.MAX_FIELDS_BYTES / 1024 + " KiB together");
            }
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            // the body ended inside the field
            throw FormParts.malformed();
        }
    }
}
