package dev.vigil.server.scan;

import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanWarning;
import dev.vigil.model.Severity;

import java.util.List;

/** A fixed scan of every kind: what the SARIF tests and the golden file are made from. */
final class SarifFixtures {

    private SarifFixtures() {
    }

    static List<Detection> detections() {
        return List.of(
                Detection.builder(ScanKind.SECRETS, "aws-access-key", Severity.CRITICAL,
                                "src/main/resources/application.yml", 12, "3f2a9c")
                        .title("AWS access key ID")
                        .cwe("CWE-798")
                        .description("AWS access key ID AKIA**** in the code.")
                        .build(),
                Detection.builder(ScanKind.SCA, "GHSA-jf85-cpcp-j695", Severity.HIGH, "web/package-lock.json", 1,
                                "npm:lodash")
                        .title("Prototype pollution in lodash")
                        .cwe("CWE-1321")
                        .description("lodash 4.17.11 is affected by prototype pollution.")
                        .fixAvailable("npm install lodash@4.17.12")
                        .direct(true)
                        .aliases(List.of("CVE-2019-10744"))
                        .build(),
                Detection.builder(ScanKind.IAC, "CKV_AWS_19", Severity.MEDIUM, "infra/storage.tf", 4,
                                "aws_s3_bucket.data")
                        .title("S3 bucket without server-side encryption")
                        .cwe("CWE-311")
                        .description("aws_s3_bucket.data stores objects unencrypted.")
                        .aliases(List.of("AVD-AWS-0088"))
                        .build(),
                Detection.builder(ScanKind.SECRETS, "generic-api-key", Severity.LOW, "docs/exemple d'usage.md", 30,
                                "77aa01")
                        .title("Generic API key")
                        .description("A generic API key (sk_t****) is assigned.")
                        .build(),
                Detection.builder(ScanKind.SCA, "GHSA-jf85-cpcp-j695", Severity.HIGH, "api/yarn.lock", 88,
                                "npm:lodash")
                        .title("Prototype pollution in lodash")
                        .cwe("CWE-1321")
                        .description("lodash 4.17.4 is affected by prototype pollution.")
                        .fixAvailable("upgrade lodash to 4.17.12 (major version unchanged)")
                        .aliases(List.of("CVE-2019-10744", "SNYK-JS-LODASH-450202"))
                        .build());
    }

    static List<ScanWarning> warnings() {
        return List.of(
                new ScanWarning("FILE_TOO_LARGE", "File of 12 MiB skipped: the limit is 10 MiB per file.",
                        "data/big dump.sql"),
                new ScanWarning("UNSAFE_PATH", "Entry skipped: it escapes the archive root.", "../../etc/passwd"),
                new ScanWarning("ARCHIVE_TRUNCATED", "The archive ends early (an incomplete upload?) after 40 files.",
                        null));
    }
}
