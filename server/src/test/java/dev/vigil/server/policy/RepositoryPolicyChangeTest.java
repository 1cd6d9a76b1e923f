package dev.vigil.server.policy;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingStatus;
import dev.vigil.model.HistoryEntry;
import dev.vigil.model.Project;
import dev.vigil.model.ScanDetail;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.ScanType;
import dev.vigil.model.ScanWarning;
import dev.vigil.model.StatusChange;
import dev.vigil.model.TriageAction;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.store.FindingRepository;
import dev.vigil.server.store.HistoryRepository;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.SetUpServer;
import dev.vigil.server.testing.TestServer;
import dev.vigil.server.testing.VigilServerTest;
import dev.vigil.server.triage.AcceptanceExpiry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.vigil.server.policy.PolicyFixtures.PUBLIC_BUCKET;
import static dev.vigil.server.policy.PolicyFixtures.files;
import static dev.vigil.server.policy.PolicyFixtures.policyWarnings;
import static dev.vigil.server.policy.PolicyFixtures.token;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a repository's .vigil.yml closed, as it changes (docs/adr/0050): an acceptance reopens when its until
 * passes, removing an entry reopens only what it closed, and changing an entry updates what it closed.
 */
@VigilServerTest
class RepositoryPolicyChangeTest {

    private static final MutableClock CLOCK = MutableClock.startingNow();
    private static TestServer server;
    private static TestServer.Tenant tenant;
    private static PolicyFixtures owner;

    @SetUpServer
    static ServerSettings settings(ServerSettings s) {
        return s.withClock(CLOCK);
    }

    @BeforeAll
    static void actAsTheOwner() {
        owner = new PolicyFixtures(tenant.owner());
    }

    private static LocalDate today() {
        return PolicyFixtures.today(CLOCK);
    }

    @Test
    void acceptanceReopensWhenItsUntilPassesAndTheEntryThenStopsApplying() {
        Project project = owner.project("expiry");
        String policy = """
                version: 1
                ignore:
                  - rule: aws-s3-public-acl
                    status: accepted
                    reason: "migrating to CloudFront"
                    until: %s
                """.formatted(today().plusDays(1));
        owner.scan(project, ScanType.IAC, null, files(".vigil.yml", policy, "main.tf", PUBLIC_BUCKET));
        Finding accepted = owner.rule(project, "main.tf", "aws-s3-public-acl");
        assertThat(accepted.status()).isEqualTo(FindingStatus.ACCEPTED);
        var expiry = new AcceptanceExpiry(server.server().database(),
                new FindingRepository(server.server().database().dialect()), new HistoryRepository(), CLOCK);

        CLOCK.advance(Duration.ofDays(3));
        try {
            expiry.reopenExpired();
            assertThat(tenant.owner().findings().get(accepted.id()).status()).isEqualTo(FindingStatus.OPEN);
            assertThat(owner.lastChange(accepted).action()).isEqualTo("acceptance_expired");

            ScanDetail after = owner.scan(project, ScanType.IAC, null,
                    files(".vigil.yml", policy, "main.tf", PUBLIC_BUCKET));
            assertThat(tenant.owner().findings().get(accepted.id()).status()).isEqualTo(FindingStatus.OPEN);
            assertThat(policyWarnings(after)).extracting(ScanWarning::message)
                    .containsExactly("Line 3: until has passed (rule aws-s3-public-acl)");
        } finally {
            CLOCK.advance(Duration.ofDays(-3));
        }
    }

    @Test
    void removingAnEntryReopensOnlyWhatItClosedAndNobodyChangedSince() {
        Project project = owner.project("removal");
        String t1 = token();
        String t2 = token();
        String policy = """
                version: 1
                ignore:
                  - rule: github-pat
                    paths: ["fixtures/**"]
                    status: false_positive
                    reason: "revoked tokens kept as test fixtures"
                """;
        Map<String, String> code = files("fixtures/a.env", "TOKEN=" + t1 + "\n", "fixtures/b.env", "TOKEN=" + t2 + "\n");
        Map<String, String> withPolicy = new LinkedHashMap<>(code);
        withPolicy.put(".vigil.yml", policy);
        owner.scan(project, ScanType.SECRETS, null, withPolicy);
        Finding a = owner.at(project, "fixtures/a.env:1");
        Finding b = owner.at(project, "fixtures/b.env:1");
        assertThat(List.of(a.status(), b.status())).containsOnly(FindingStatus.FALSE_POSITIVE);
        tenant.owner().changeStatus(b.id(), new StatusChange(TriageAction.REOPEN, null, null));
        tenant.owner().changeStatus(b.id(), new StatusChange(TriageAction.FALSE_POSITIVE, "checked by hand", null));

        ScanDetail removed = owner.scan(project, ScanType.SECRETS, null, code);

        assertThat(tenant.owner().findings().get(a.id()).status()).isEqualTo(FindingStatus.OPEN);
        assertThat(tenant.owner().findings().get(a.id()).acceptedBy()).isNull();
        assertThat(owner.lastChange(a).action()).isEqualTo("policy_withdrawn");
        assertThat(owner.lastChange(a).actor()).isEqualTo("policy:.vigil.yml");
        assertThat(tenant.owner().findings().get(b.id()).status()).isEqualTo(FindingStatus.FALSE_POSITIVE);
        assertThat(removed.policy()).isEqualTo(new ScanPolicy(0, List.of()));
        owner.assertCountsFollow(project);
    }

    @Test
    void changingAnEntryUpdatesWhatItClosed() {
        Project project = owner.project("changed-entry");
        String entry = """
                version: 1
                ignore:
                  - rule: aws-s3-public-acl
                    status: %s
                    reason: "%s"
                """;
        owner.scan(project, ScanType.IAC, null, files(".vigil.yml",
                entry.formatted("false_positive", "a deliberate setting"), "main.tf", PUBLIC_BUCKET));
        Finding acl = owner.rule(project, "main.tf", "aws-s3-public-acl");
        assertThat(acl.status()).isEqualTo(FindingStatus.FALSE_POSITIVE);

        LocalDate until = today().plusDays(30);
        owner.scan(project, ScanType.IAC, null, files(".vigil.yml", entry.formatted("accepted", "until the CDN is live")
                + "    until: " + until + "\n", "main.tf", PUBLIC_BUCKET));

        Finding changed = tenant.owner().findings().get(acl.id());
        assertThat(changed.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(changed.acceptedReason()).isEqualTo("until the CDN is live");
        assertThat(changed.acceptedUntil()).isEqualTo(until);
        assertThat(tenant.owner().findings().history(acl.id(), 20, null).data()).extracting(HistoryEntry::action)
                .containsExactly("detected", "policy_applied", "policy_applied");
        owner.assertCountsFollow(project);
    }
}
