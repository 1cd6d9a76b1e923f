package dev.vigil.server.advisories;

import dev.vigil.server.outbound.OutboundGuard;
import dev.vigil.server.scan.sca.Ecosystem;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpResponse;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Downloads osv.dev's per-ecosystem dumps ({@code <mirror>/<Ecosystem>/all.zip}) and imports each as it
 * streams in: nothing is written to disk, and the zip limits of {@link OsvReader} apply.
 */
public final class AdvisoryUpdate {

    public static final String DEFAULT_MIRROR = "https://osv-vulnerabilities.storage.googleapis.com";

    private final AdvisoryImporter importer;
    private final OutboundGuard guard;
    private final CloseableHttpClient http;

    /** Downloads through {@code guard}, as every outbound call of the server; a redirect is checked as well. */
    public AdvisoryUpdate(AdvisoryImporter importer, OutboundGuard guard) {
        this.importer = importer;
        this.guard = guard;
        this.http = guard.client(Duration.ofMinutes(1), 5);
    }

    /** Updates every ecosystem in turn; one that fails is reported and the others still run. */
    public List<Outcome> update(String mirror, List<Ecosystem> ecosystems) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Ecosystem ecosystem : ecosystems) {
            URI uri = URI.create(mirror.replaceAll("/+$", "") + "/" + ecosystem.osvName() + "/all.zip");
            try (InputStream dump = download(uri)) {
                outcomes.add(new Outcome(ecosystem, uri, importer.importZip(dump, uri.toString()), ""));
            } catch (IOException | RuntimeException e) {
                outcomes.add(new Outcome(ecosystem, uri, null, e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }
        return outcomes;
    }

    /** The dump as it streams in; {@link OsvReader}'s zip limits bound what is read of it. */
    private InputStream download(URI uri) throws IOException {
        HttpGet request = new HttpGet(guard.check(uri));
        ClassicHttpResponse response = http.executeOpen(null, request, null);
        if (response.getCode() != 200 || response.getEntity() == null) {
            request.cancel();
            response.close();
            throw new IOException(uri + " answered HTTP " + response.getCode());
        }
        return response.getEntity().getContent();
    }

    /**
     * The result for one ecosystem.
     *
     * @param result the import, or null when it failed
     * @param error  why it failed, or empty
     */
    public record Outcome(Ecosystem ecosystem, URI uri, AdvisoryImporter.ImportResult result, String error) {

        public boolean ok() {
            return result != null;
        }
    }
}
