package dev.vigil.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class JsonTest {

    private static final ObjectMapper MAPPER = Json.mapper();
    private static final UUID ID = UUID.fromString("aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee");
    private static final UUID PROJECT = UUID.fromString("5b0c2a4e-7f1d-4c3a-9e8b-1a2b3c4d5e6f");

    private static final Finding FINDING = new Finding(ID, "fp_v1:ab12", PROJECT, "payments", "CVE-2021-44228",
            Severity.CRITICAL, FindingStatus.ACCEPTED, ScanKind.SCA, "pom.xml:42", "Log4Shell", "2.17.1",
            true, false, "CWE-502", "ana@example.com", null, "bo@example.com", "vendor fix pending",
            LocalDate.of(2025, 12, 31), Instant.parse("2025-01-08T10:00:00Z"), true,
            Instant.parse("2025-01-01T10:00:00Z"), Instant.parse("2025-02-01T10:00:00.123Z"));

    @Test
    void aFindingIsWrittenWithTheSpecifiedSnakeCaseFieldNames() {
        JsonNode json = MAPPER.valueToTree(FINDING);

        assertThat(json.properties()).extracting(Map.Entry::getKey).contains(
                "id", "fingerprint", "project_id", "project_name", "rule_id", "severity", "status", "scan_type",
                "location", "description", "fix_available", "is_breaking", "is_direct", "cwe", "assigned_to",
                "sla_deadline", "sla_breached", "first_seen", "last_seen", "accepted_by", "accepted_reason",
                "accepted_until").doesNotContain("breaking", "direct", "isBreaking", "slaBreached");
        assertThat(json.get("is_breaking").asBoolean()).isTrue();
        assertThat(json.get("is_direct").asBoolean()).isFalse();
        assertThat(json.get("sla_breached").asBoolean()).isTrue();
    }

    @Test
    void enumsAreWrittenInTheirWireSpelling() {
        JsonNode json = MAPPER.valueToTree(FINDING);

        assertThat(json.get("severity").asText()).isEqualTo("critical");
        assertThat(json.get("status").asText()).isEqualTo("accepted");
        assertThat(json.get("scan_type").asText()).isEqualTo("sca");
        assertThat(MAPPER.valueToTree(ScanType.SCA_SECRETS).asText()).isEqualTo("sca,secrets");
        assertThat(MAPPER.valueToTree(TriageAction.FALSE_POSITIVE).asText()).isEqualTo("false_positive");
    }

    @Test
    void timestampsAreIso8601StringsAndDatesArePlainDates() {
        JsonNode json = MAPPER.valueToTree(FINDING);

        assertThat(json.get("first_seen").isTextual()).isTrue();
        assertThat(json.get("first_seen").asText()).isEqualTo("2025-01-01T10:00:00Z");
        assertThat(json.get("last_seen").asText()).isEqualTo("2025-02-01T10:00:00.123Z");
        assertThat(json.get("accepted_until").asText()).isEqualTo("2025-12-31");
    }

    @Test
    void aFindingSurvivesARoundTrip() throws Exception {
        assertThat(MAPPER.readValue(MAPPER.writeValueAsBytes(FINDING), Finding.class)).isEqualTo(FINDING);
    }

    @Test
    void aFindingDetailIsTheFindingsFieldsWithItsContextBeside() throws Exception {
        FindingDetail detail = new FindingDetail(FINDING, new FindingDetail.Context(40, List.of("a", "b")),
                List.of("https://osv.dev/vulnerability/CVE-2021-44228"),
                new FindingDetail.Cvss("3.1", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", 10.0),
                List.of("app@1.0.0", "log4j-core@2.14.1"), "Upgrade log4j-core to 2.17.1.");

        JsonNode json = MAPPER.valueToTree(detail);

        assertThat(json.get("rule_id").asText()).isEqualTo("CVE-2021-44228");
        assertThat(json.has("finding")).isFalse();
        assertThat(json.get("context").get("start_line").asInt()).isEqualTo(40);
        assertThat(json.get("cvss").get("score").asDouble()).isEqualTo(10.0);
        assertThat(json.get("dependency_path").get(1).asText()).isEqualTo("log4j-core@2.14.1");
        assertThat(json.get("remediation").asText()).isEqualTo("Upgrade log4j-core to 2.17.1.");
        assertThat(MAPPER.readValue(MAPPER.writeValueAsBytes(detail), FindingDetail.class)).isEqualTo(detail);
    }

    @Test
    void aFindingDetailWithoutContextWritesNullsAndAnEmptyReferenceList() throws Exception {
        FindingDetail detail = new FindingDetail(FINDING, null, null, null, null, null);

        JsonNode json = MAPPER.valueToTree(detail);

        assertThat(json.get("context").isNull()).isTrue();
        assertThat(json.get("references").isEmpty()).isTrue();
        assertThat(json.get("cvss").isNull()).isTrue();
        assertThat(json.get("dependency_path").isNull()).isTrue();
        assertThat(MAPPER.readValue(MAPPER.writeValueAsBytes(detail), FindingDetail.class)).isEqualTo(detail);
    }

    @Test
    void aScanListItemIsWrittenWithIsBlocked() {
        ScanListItem item = new ScanListItem(ID, PROJECT, "payments", "main", "0".repeat(40), ScanType.FULL,
                ScanStatus.COMPLETED, 3, 1, 2, true, Instant.parse("2025-03-01T12:00:00Z"), null);

        JsonNode json = MAPPER.valueToTree(item);

        assertThat(json.get("is_blocked").asBoolean()).isTrue();
        assertThat(json.has("blocked")).isFalse();
        assertThat(json.get("created_at").asText()).isEqualTo("2025-03-01T12:00:00Z");
        assertThat(json.get("scan_type").asText()).isEqualTo("full");
    }

    @Test
    void aLastPageWritesNextCursorAsNull() throws Exception {
        String json = MAPPER.writeValueAsString(new Page<>(List.of(), false, null));

        assertThat(json).isEqualTo("{\"data\":[],\"has_more\":false,\"next_cursor\":null}");
    }

    @Test
    void anErrorBodyHasDetailsOnlyWhenThereAreSome() throws Exception {
        assertThat(MAPPER.writeValueAsString(new ApiError("NOT_FOUND", "no such finding")))
                .isEqualTo("{\"error\":\"NOT_FOUND\",\"message\":\"no such finding\"}");
        assertThat(MAPPER.writeValueAsString(new ApiError("VALIDATION_FAILED", "invalid",
                List.of(new ApiError.FieldProblem("branch", "missing")))))
                .isEqualTo("{\"error\":\"VALIDATION_FAILED\",\"message\":\"invalid\","
                        + "\"details\":[{\"field\":\"branch\",\"problem\":\"missing\"}]}");
    }

    @Test
    void anUnassignmentSendsUserIdNull() throws Exception {
        assertThat(MAPPER.writeValueAsString(new Assignment(null))).isEqualTo("{\"user_id\":null}");
    }

    @Test
    void unknownFieldsAreIgnoredAndEnumsAreReadInAnyCase() throws Exception {
        User user = MAPPER.readValue("{\"id\":\"%s\",\"email\":\"a@b.c\",\"role\":\"Owner\",\"extra\":1}"
                .formatted(ID), User.class);

        assertThat(user).isEqualTo(new User(ID, "a@b.c", Role.OWNER));
    }
}
