package dev.vigil.server.pr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * GitLab (gitlab.com and self-managed): the comment is a merge request note
 * ({@code POST /projects/{id}/merge_requests/{iid}/notes}, updated with {@code PUT …/notes/{note_id}}); the
 * project is its numeric id or its URL-encoded path.
 */
final class GitLabPublisher implements CommentPublisher {

    private static final int PAGE = 100;
    private static final int MAX_PAGES = 30;

    private final ProviderHttp http;

    GitLabPublisher(ProviderHttp http) {
        this.http = http;
    }

    @Override
    public String publish(Target target, String marker, String body) throws PublishException {
        Map<String, String> auth = Map.of("PRIVATE-TOKEN", target.token());
        String mr = target.apiUrl() + "/projects/" + URLEncoder.encode(target.repository(), StandardCharsets.UTF_8)
                + "/merge_requests/" + target.number();
        JsonNode payload = JsonNodeFactory.instance.objectNode().put("body", body);
        Optional<Long> existing = find(mr + "/notes", auth, marker);
        JsonNode note = existing.isPresent()
                ? http.send("PUT", URI.create(mr + "/notes/" + existing.get()), auth, payload)
                : http.send("POST", URI.create(mr + "/notes"), auth, payload);
        long id = note == null ? existing.orElse(0L) : note.path("id").asLong(existing.orElse(0L));
        JsonNode request = http.send("GET", URI.create(mr), auth, null);
        String web = request == null ? "" : request.path("web_url").asText("");
        return web.isEmpty() ? mr + "/notes/" + id : web + "#note_" + id;
    }

    private Optional<Long> find(String notes, Map<String, String> auth, String marker) throws PublishException {
        for (int page = 1; page <= MAX_PAGES; page++) {
            JsonNode list = http.send("GET", URI.create(notes + "?per_page=" + PAGE + "&page=" + page
                    + "&sort=asc&order_by=created_at"), auth, null);
            if (list == null || !list.isArray()) {
                return Optional.empty();
            }
            for (JsonNode note : list) {
                if (note.path("body").asText("").contains(marker)) {
                    return Optional.of(note.path("id").asLong());
                }
            }
            if (list.size() < PAGE) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
