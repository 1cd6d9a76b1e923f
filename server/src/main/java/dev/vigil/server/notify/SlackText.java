package dev.vigil.server.notify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vigil.model.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * An event as a Slack or Mattermost incoming-webhook message, {@code {"text": "…"}}: a one-paragraph summary,
 * then at most {@link #MAX_LINES} findings, one a line, without links. Text from scans (titles, paths) is
 * escaped as Slack asks ({@code &}, {@code <}, {@code >}), so that it cannot form a link or a mention.
 */
final class SlackText {

    static final int MAX_LINES = 10;

    private SlackText() {
    }

    /** The message body for the event envelope {@code event}. */
    static byte[] body(JsonNode event) {
        ObjectNode message = Json.mapper().createObjectNode();
        message.put("text", text(event));
        return Json.bytes(message);
    }

    static String text(JsonNode event) {
        JsonNode data = event.path("data");
        List<JsonNode> findings = findings(data);
        StringBuilder text = new StringBuilder(escape(summary(event.path("event").asText(), data)));
        int shown = Math.min(MAX_LINES, findings.size());
        for (JsonNode finding : findings.subList(0, shown)) {
            text.append('\n').append("• ").append(escape(line(finding)));
        }
        int total = data.path("total").asInt(findings.size());
        if (total > shown && shown > 0) {
            text.append('\n').append("… and ").append(total - shown).append(" more");
        }
        return text.toString();
    }

    private static String summary(String event, JsonNode data) {
        String project = data.path("project_name").asText(data.path("finding").path("project_name").asText("?"));
        int total = data.path("total").asInt();
        return switch (event) {
            case "scan.completed" -> "Vigil: the scan of " + project + " (" + data.path("branch").asText() + ", "
                    + shortCommit(data) + ") completed with " + data.path("findings_count").asInt() + " findings ("
                    + data.path("critical_count").asInt() + " critical, " + data.path("high_count").asInt()
                    + " high)" + (data.path("is_blocked").asBoolean() ? " and blocks." : ".");
            case "scan.failed" -> "Vigil: the scan of " + project + " (" + data.path("branch").asText() + ", "
                    + shortCommit(data) + ") failed" + codes(data.path("scan_warnings")) + ".";
            case "finding.new" -> "Vigil: a scan of " + project + " (" + data.path("branch").asText() + ") opened "
                    + total + " new high or critical " + plural(total, "finding", "findings") + ".";
            case "finding.regressed" -> "Vigil: a scan of " + project + " (" + data.path("branch").asText()
                    + ") found " + total + " resolved " + plural(total, "finding", "findings") + " again.";
            case "sla.breached" -> "Vigil: " + total + " " + plural(total, "finding", "findings") + " in " + project
                    + " ran past " + plural(total, "its", "their") + " SLA.";
            case "acceptance.expiring" -> "Vigil: the acceptance of a finding in " + project + " ends on "
                    + data.path("finding").path("accepted_until").asText() + "; it is open again after that day.";
            case "pr.blocked" -> "Vigil: pull request #" + data.path("pr_id").asText() + " of " + project
                    + " is blocked by " + total + " " + plural(total, "finding", "findings") + ".";
            case "ping" -> "Vigil: ping. This webhook receives Vigil's events.";
            default -> "Vigil: " + event + ".";
        };
    }

    private static List<JsonNode> findings(JsonNode data) {
        List<JsonNode> list = new ArrayList<>();
        data.path("findings").forEach(list::add);
        data.path("blocking_findings").forEach(list::add);
        if (data.has("finding")) {
            list.add(data.get("finding"));
        }
        return list;
    }

    private static String line(JsonNode finding) {
        String what = finding.hasNonNull("title") ? finding.get("title").asText() : finding.path("rule_id").asText();
        return finding.path("severity").asText() + ": " + what + " (" + finding.path("rule_id").asText() + ") at "
                + finding.path("location").asText();
    }

    private static String codes(JsonNode warnings) {
        List<String> codes = new ArrayList<>();
        warnings.forEach(w -> codes.add(w.path("code").asText()));
        return codes.isEmpty() ? "" : " (" + String.join(", ", codes) + ")";
    }

    private static String shortCommit(JsonNode data) {
        String commit = data.path("commit_hash").asText();
        return commit.length() > 10 ? commit.substring(0, 10) : commit;
    }

    private static String plural(int n, String one, String many) {
        return n == 1 ? one : many;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
