package dev.vigil.server.policy;

import dev.vigil.model.FindingStatus;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanPolicy;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The .vigil.yml parser, globs, package ranges and inline comments, without a server. */
class PolicyFileParserTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 28);

    private static PolicyFile parse(String yaml) {
        return PolicyFileParser.parse(yaml.getBytes(StandardCharsets.UTF_8), TODAY);
    }

    @Test
    void readsTheIssuesExampleEntryWithEveryField() {
        PolicyFile file = parse("""
                version: 1
                ignore:
                  - rule: CKV_AWS_20                      # a comment
                    paths: ["legacy/**", "*.test.tf"]
                    package: "pkg:npm/lodash@<4.17.21"
                    status: accepted
                    reason: "public by design: static website bucket"
                    until: 2027-03-31
                """);

        assertThat(file.problems()).isEmpty();
        IgnoreEntry entry = file.entries().getFirst();
        assertThat(entry.line()).isEqualTo(3);
        assertThat(entry.rule()).isEqualTo("CKV_AWS_20");
        assertThat(entry.status()).isEqualTo(FindingStatus.ACCEPTED);
        assertThat(entry.until()).isEqualTo(LocalDate.of(2027, 3, 31));
        assertThat(entry.pkg()).hasValueSatisfying(p -> assertThat(p.base()).isEqualTo("pkg:npm/lodash"));
    }

    @Test
    void theFirstMatchingEntryOfTheFileDecidesWhetherItNamesTheRuleOrAnAlias() {
        PolicyCollector collected = new PolicyCollector();
        collected.offer(new SourceFile(".vigil.yml", """
                version: 1
                ignore:
                  - rule: aws-s3-public-acl
                    status: false_positive
                    reason: "by id"
                  - rule: ckv_aws_20
                    status: false_positive
                    reason: "by alias"
                """.getBytes(StandardCharsets.UTF_8)));
        RepositoryPolicy policy = RepositoryPolicy.of(collected, new RuleCatalogue(rule -> false), TODAY, true);
        Detection acl = Detection.builder(ScanKind.IAC, "aws-s3-public-acl", Severity.HIGH, "main.tf", 3,
                        "aws_s3_bucket.site")
                .title("S3 ACL")
                .aliases(List.of("CKV_AWS_20", "AVD-AWS-0092"))
                .build();

        assertThat(policy.decide(acl)).hasValueSatisfying(d -> assertThat(d.reason()).isEqualTo("by id"));
        assertThat(policy.result(Set.of(ScanKind.IAC)).unmatched())
                .containsExactly(new ScanPolicy.Unmatched(6, "ckv_aws_20"));
        assertThat(policy.result(Set.of(ScanKind.SECRETS)).unmatched()).isEmpty();
        assertThat(policy.problems()).isEmpty();
    }

    @Test
    void globsAreRelativeToTheArchiveRoot() {
        assertThat(PathGlob.of("*.test.tf").matches("a.test.tf")).isTrue();
        assertThat(PathGlob.of("*.test.tf").matches("mod/a.test.tf")).isFalse();
        assertThat(PathGlob.of("**/*.test.tf").matches("mod/deep/a.test.tf")).isTrue();
        assertThat(PathGlob.of("legacy/**").matches("legacy/x/main.tf")).isTrue();
        assertThat(PathGlob.of("legacy/**").matches("app/legacy/main.tf")).isFalse();
        assertThat(PathGlob.of("a?c.tf").matches("a/c.tf")).isFalse();
    }

    @Test
    void refusesAVersionOtherThanOneAndUnknownKeys() {
        assertThat(parse("version: 2\nignore: []\n").problems()).extracting(PolicyProblem::warning)
                .containsExactly("Line 1: version must be 1");
        assertThat(parse("version: 1\nignore:\n  - rule: x\n    status: false_positive\n    reason: r\n    note: n\n")
                .problems()).extracting(PolicyProblem::warning).containsExactly("Line 3: the entry has an unknown"
                + " key (rule, paths, package, status, reason and until are known) (rule x)");
    }

    @Test
    void refusesAPackageThatIsNotAPurlOfAScannedEcosystem() {
        List<String> problems = new ArrayList<>();
        assertThat(PackageRange.parse("lodash<4", problems)).isEmpty();
        assertThat(PackageRange.parse("pkg:deb/debian/curl@<8", problems)).isEmpty();
        assertThat(problems).hasSize(2);
    }

    @Test
    void findsOnlyMarkersThatFollowACommentOpenerOfTheFilesSyntax() {
        List<InlineIgnore> found = new ArrayList<>();
        List<PolicyProblem> problems = new ArrayList<>();
        InlineComments.find(new SourceFile("a.py", "x = 1  // vigil:ignore not python\n# vigil:ignore ok\n"
                .getBytes(StandardCharsets.UTF_8)), found, problems, 100);
        InlineComments.find(new SourceFile("b.js", "# vigil:ignore not js\n/* vigil:ignore[r1] fine */\n"
                .getBytes(StandardCharsets.UTF_8)), found, problems, 100);
        InlineComments.find(new SourceFile("c.json", "{\"a\": \"# vigil:ignore json has none\"}"
                .getBytes(StandardCharsets.UTF_8)), found, problems, 100);

        assertThat(found).containsExactly(new InlineIgnore("a.py", 2, null, "ok"),
                new InlineIgnore("b.js", 2, "r1", "fine"));
        assertThat(problems).isEmpty();
    }
}
