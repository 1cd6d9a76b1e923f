package dev.vigil.server.scan.iac;

import dev.vigil.model.ScanKind;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class IacScannerTest {

    private static final IacScanner SCANNER = new IacScanner();

    private static final String BUCKET = """
            resource "aws_s3_bucket_acl" "site" {
              bucket = aws_s3_bucket.site.id
              acl    = "public-read"
            }
            resource "aws_db_instance" "db" {
              engine = "postgres"
            }
            """;

    @Test
    void pointsAtTheOffendingAttributeOrAtTheResourceWhenOneIsMissing() {
        List<Detection> detections = scan("infra/main.tf", BUCKET, new ArrayList<>());
        Detection acl = find(detections, "aws-s3-public-acl");
        assertThat(acl.location()).isEqualTo("infra/main.tf:3");
        assertThat(acl.identity()).isEqualTo("aws_s3_bucket_acl.site");
        assertThat(acl.kind()).isEqualTo(ScanKind.IAC);
        assertThat(acl.aliases()).contains("CKV_AWS_20", "AVD-AWS-0092");
        assertThat(acl.fixAvailable()).isNotBlank();
        Detection encryption = find(detections, "aws-rds-unencrypted");
        assertThat(encryption.line()).isEqualTo(5);
        assertThat(encryption.identity()).isEqualTo("aws_db_instance.db");
    }

    @Test
    void keepsTheFingerprintWhenTheFileChangesElsewhere() {
        String before = find(scan("main.tf", BUCKET, new ArrayList<>()), "aws-rds-unencrypted").fingerprint();
        String edited = "# moved down\nresource \"aws_kms_key\" \"k\" {\n  enable_key_rotation = true\n}\n\n" + BUCKET;
        Detection after = find(scan("main.tf", edited, new ArrayList<>()), "aws-rds-unencrypted");
        assertThat(after.line()).isEqualTo(10);
        assertThat(after.fingerprint()).isEqualTo(before).startsWith("fp_v1:");
    }

    @Test
    void warnsAboutAMalformedFileAndGoesOnWithTheNext() {
        List<String> warnings = new ArrayList<>();
        Scanner.Session session = SCANNER.start((code, message, path) -> warnings.add(code + " " + path));
        session.scan(file("broken.tf", "resource \"aws_s3_bucket\" \"b\" {\n  acl = \"public-read\"\n"));
        session.scan(file("k8s/bad.yaml", "apiVersion: v1\nkind: Pod\nspec: [\n"));
        session.scan(file("main.tf", BUCKET));
        assertThat(warnings).containsExactly(IacScanner.PARSE_ERROR + " broken.tf", IacScanner.PARSE_ERROR + " k8s/bad.yaml");
        assertThat(session.finish()).extracting(Detection::path).containsOnly("main.tf");
    }

    @Test
    void namesResourcesByTheirAddressInEveryFormat() {
        List<String> warnings = new ArrayList<>();
        assertThat(scan("deploy/web.yaml", """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: web
                spec:
                  template:
                    spec:
                      containers:
                        - name: app
                          image: nginx:latest
                          securityContext:
                            privileged: true
                """, warnings)).extracting(Detection::identity).contains("Deployment/default/web/container:app");
        Detection privileged = find(scan("deploy/web.yaml", """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: web
                spec:
                  containers:
                    - name: app
                      image: nginx:1.27
                      securityContext:
                        privileged: true
                """, warnings), "k8s-privileged-container");
        assertThat(privileged.line()).isEqualTo(10);
        assertThat(scan("Dockerfile", "FROM ubuntu:latest\nRUN echo hi\n", warnings))
                .extracting(Detection::identity).contains("Dockerfile stage 0");
        assertThat(scan("cfn/stack.json", "{\"Resources\": {\"MyBucket\": {\"Type\": \"AWS::S3::Bucket\"}}}", warnings))
                .extracting(Detection::identity).contains("Resources.MyBucket");
        assertThat(warnings).isEmpty();
    }

    @Test
    void readsTheTerraformFilesOfADirectoryAsOneModule() {
        Scanner.Session session = SCANNER.start((code, message, path) -> {
            throw new AssertionError(message);
        });
        session.scan(file("infra/variables.tf", "variable \"encrypted\" {\n  default = true\n}\n"));
        session.scan(file("infra/main.tf", """
                resource "aws_db_instance" "db" {
                  storage_encrypted = var.encrypted
                }
                resource "aws_s3_bucket" "data" {
                  bucket = "data"
                }
                """));
        session.scan(file("infra/s3.tf", """
                resource "aws_s3_bucket_versioning" "data" {
                  bucket = aws_s3_bucket.data.id
                  versioning_configuration {
                    status = "Enabled"
                  }
                }
                """));
        session.scan(file("other/main.tf", """
                resource "aws_db_instance" "db" {
                  storage_encrypted = var.encrypted
                }
                resource "aws_s3_bucket" "data" {
                  bucket = "data"
                }
                """));
        List<String> found = session.finish().stream().map(d -> d.path() + " " + d.ruleId()).toList();
        assertThat(found).doesNotContain("infra/main.tf aws-rds-unencrypted", "infra/main.tf aws-s3-versioning-disabled")
                .contains("other/main.tf aws-s3-versioning-disabled");
        assertThat(found).noneMatch(line -> line.startsWith("other/main.tf aws-rds-unencrypted"));
    }

    @Test
    void readsTerraformJsonSyntax() {
        List<String> warnings = new ArrayList<>();
        List<Detection> detections = scan("infra/main.tf.json", """
                {
                  "variable": {"public": {"default": true}},
                  "resource": {
                    "aws_db_instance": {
                      "db": {
                        "engine": "postgres",
                        "publicly_accessible": "${var.public}",
                        "storage_encrypted": true
                      }
                    }
                  }
                }
                """, warnings);
        Detection publicDb = find(detections, "aws-rds-public");
        assertThat(publicDb.identity()).isEqualTo("aws_db_instance.db");
        assertThat(publicDb.line()).isEqualTo(7);
        assertThat(detections).extracting(Detection::ruleId).doesNotContain("aws-rds-unencrypted");
        assertThat(warnings).isEmpty();
    }

    @Test
    void skipsFilesThatAreNotInfrastructureCode() {
        List<String> warnings = new ArrayList<>();
        assertThat(scan("src/App.java", "class App {}", warnings)).isEmpty();
        assertThat(scan("config/app.yaml", "server:\n  port: 8080\n", warnings)).isEmpty();
        assertThat(scan("chart/templates/deploy.yaml", "apiVersion: v1\nkind: Pod\n{{ .Values.x }}\n", warnings)).isEmpty();
        assertThat(scan("package.json", "{\"name\": \"x\"}", warnings)).isEmpty();
        assertThat(warnings).isEmpty();
    }

    private static Detection find(List<Detection> detections, String ruleId) {
        return detections.stream().filter(d -> d.ruleId().equals(ruleId)).findFirst()
                .orElseThrow(() -> new AssertionError(ruleId + " not in " + detections));
    }

    private static List<Detection> scan(String path, String text, List<String> warnings) {
        return SCANNER.scanFile(file(path, text), (code, message, file) -> warnings.add(message));
    }

    @Test
    void judgesAProviderBlockByItsNameAndAlias() {
        List<Detection> detections = scan("main.tf", """
                provider "aws" {
                  region     = "eu-west-1"
                  access_key = "AKIAIOSFODNN7EXAMPLE"
                  secret_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
                }
                provider "aws" {
                  alias   = "east"
                  region  = "us-east-1"
                  profile = "deploy"
                }
                """, new ArrayList<>());
        assertThat(detections).filteredOn(d -> d.ruleId().equals("aws-provider-hardcoded-credentials"))
                .extracting(Detection::identity, Detection::line).containsExactly(tuple("provider.aws", 3));
    }

    @Test
    void describesTheRiskAndLinksTheProvidersDocumentationInTheFinding() {
        Detection finding = find(scan("main.tf", """
                resource "alicloud_oss_bucket" "data" {
                  bucket = "data"
                  acl    = "public-read"
                }
                """, new ArrayList<>()), "alibaba-oss-bucket-public");
        assertThat(finding.description()).startsWith("OSS bucket is readable or writable by anyone (alicloud_oss_bucket.data). Anyone")
                .endsWith("See https://www.alibabacloud.com/help/en/oss/user-guide/bucket-acls");
        assertThat(finding.help().references()).contains("CWE-284 https://cwe.mitre.org/data/definitions/284.html", "CKV_ALI_1 (Checkov)");
    }

    private static SourceFile file(String path, String text) {
        return new SourceFile(path, text.getBytes(StandardCharsets.UTF_8));
    }
}
