package dev.vigil.server.pr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * GitHub and GitHub Enterprise: the comment is an issue comment on the pull request
 * ({@code POST /repos/{owner}/{repo}/issues/{n}/comments}, updated with
 * {@code PATCH /repos/{owner}/{repo}/issues/comments/{id}}).
 */
final class GitHubPublisher implements CommentPublisher {

    private static final int PAGE = 100;
    private static final int MAX_PAGES = 30;

    private final ProviderHttp http;

    GitHubPublisher(ProviderHttp http) {
        this.http = http;
    }

    @Override
    public String publish(Target target, String marker, String body) throws PublishException {
        Map<String, String> auth = Map.of("Authorization", "Bearer " + target.token(),
                "Accept", "application/vnd.github+json", "X-GitHub-Api-Version", "2022-11-28");
        String repo = target.apiUrl() + "/repos/" + target.repository();
        JsonNode payload = JsonNodeFactory.instance.objectNode().put("body", body);
        Optional<Long> existing = find(repo + "/issues/" + target.number() + "/comments", auth, marker);
        JsonNode comment = existing.isPresent()
                ? http.send("PATCH", URI.create(repo + "/issues/comments/" + existing.get()), auth, payload)
                : http.send("POST", URI.create(repo + "/issues/" + target.number() + "/comments"), auth, payload);
        return comment == null ? null : comment.path("html_url").asText(comment.path("url").asText(null));
    }

    private Optional<Long> find(String comments, Map<String, String> auth, String marker) throws PublishException {
        for (int page = 1; page <= MAX_PAGES; page++) {
            JsonNode list = http.send("GET", URI.create(comments + "?per_page=" + PAGE + "&page=" + page), auth, null);
            if (list == null || !list.isArray()) {
                return Optional.empty();
            }
            for (JsonNode comment : list) {
                if (comment.path("body").asText("").contains(marker)) {
                    return Optional.of(comment.path("id").asLong());
                }
            }
            if (list.size() < PAGE) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
