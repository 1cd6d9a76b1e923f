package dev.vigil.server.advisories;

import dev.vigil.server.scan.sca.Ecosystem;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
    private final HttpClient http;

    public AdvisoryUpdate(AdvisoryImporter importer) {
        this.importer = importer;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** Updates every ecosystem in turn; one that fails is reported and the others still run. */
    public List<Outcome> update(String mirror, List<Ecosystem> ecosystems) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Ecosystem ecosystem : ecosystems) {
            URI uri = URI.create(mirror.replaceAll("/+$", "") + "/" + ecosystem.osvName() + "/all.zip");
            try {
                outcomes.add(new Outcome(ecosystem, uri, importer.importZip(download(uri), uri.toString()), ""));
            } catch (IOException | RuntimeException e) {
                outcomes.add(new Outcome(ecosystem, uri, null, e.getMessage() == null ? e.toString() : e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return outcomes;
    }

    private InputStream download(URI uri) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(10)).GET().build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            response.body().close();
            throw new IOException(uri + " answered HTTP " + response.statusCode());
        }
        return response.body();
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
