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
                new Detection(ScanKind.SECRETS, "aws-access-key", "AWS access key ID", Severity.CRITICAL, "CWE-798",
                        "src/main/resources/application.yml", 12, "AWS access key ID AKIA**** in the code.", null,
                        false, false, "3f2a9c", List.of()),
                new Detection(ScanKind.SCA, "GHSA-jf85-cpcp-j695", "Prototype pollution in lodash", Severity.HIGH,
                        "CWE-1321", "web/package-lock.json", 1, "lodash 4.17.11 is affected by prototype pollution.",
                        "npm install lodash@4.17.12", false, true, "npm:lodash", List.of("CVE-2019-10744")),
                new Detection(ScanKind.IAC, "CKV_AWS_19", "S3 bucket without server-side encryption", Severity.MEDIUM,
                        "CWE-311", "infra/storage.tf", 4, "aws_s3_bucket.data stores objects unencrypted.", null,
                        false, false, "aws_s3_bucket.data", List.of("AVD-AWS-0088")),
                new Detection(ScanKind.SECRETS, "generic-api-key", "Generic API key", Severity.LOW, null,
                        "docs/exemple d'usage.md", 30, "A generic API key (sk_t****) is assigned.", null, false, false,
                        "77aa01", List.of()),
                new Detection(ScanKind.SCA, "GHSA-jf85-cpcp-j695", "Prototype pollution in lodash", Severity.HIGH,
                        "CWE-1321", "api/yarn.lock", 88, "lodash 4.17.4 is affected by prototype pollution.",
                        "upgrade lodash to 4.17.12 (major version unchanged)", false, false, "npm:lodash",
                        List.of("CVE-2019-10744", "SNYK-JS-LODASH-450202")));
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
