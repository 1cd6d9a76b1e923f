package dev.vigil.server.scan.iac;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vigil.model.Severity;
import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.RuleHelp;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Terraform as Terraform evaluates it, across the files of an archive: variable definitions files, local
 * modules, count and for_each, dynamic blocks, companion resources; and what it cannot know never flags.
 */
class TerraformEvaluationTest {

    private static final IacScanner SCANNER = new IacScanner();
    private static final String PUBLIC_ACL = "aws-s3-public-acl";

    private final List<String> warnings = new ArrayList<>();

    private List<Detection> scan(String... pathsAndTexts) {
        return scan(SCANNER, pathsAndTexts);
    }

    private List<Detection> scan(IacScanner scanner, String... pathsAndTexts) {
        Scanner.Session session = scanner.start((code, message, path) -> warnings.add(code + " " + message));
        for (int i = 0; i < pathsAndTexts.length; i += 2) {
            session.scan(new SourceFile(pathsAndTexts[i], pathsAndTexts[i + 1].getBytes(StandardCharsets.UTF_8)));
        }
        return session.finish();
    }

    private static List<Detection> of(List<Detection> detections, String ruleId) {
        return detections.stream().filter(d -> d.ruleId().equals(ruleId)).toList();
    }

    private static final String ACL_FROM_VARIABLE = """
            variable "acl" {
              default = "private"
            }
            resource "aws_s3_bucket_acl" "site" {
              bucket = "site"
              acl    = var.acl
            }
            """;

    @Test
    void judgesAVariableByItsDefault() {
        assertThat(of(scan("main.tf", ACL_FROM_VARIABLE), PUBLIC_ACL)).isEmpty();
        assertThat(of(scan("main.tf", ACL_FROM_VARIABLE.replace("private", "public-read")), PUBLIC_ACL))
                .extracting(Detection::location).containsExactly("main.tf:6");
    }

    @Test
    void judgesAVariableByTheValueOfTerraformTfvarsAndAutoTfvarsInNameOrder() {
        assertThat(of(scan("infra/main.tf", ACL_FROM_VARIABLE, "infra/terraform.tfvars", "acl = \"public-read\"\n"),
                PUBLIC_ACL)).extracting(Detection::location).containsExactly("infra/main.tf:6");
        assertThat(of(scan("infra/main.tf", ACL_FROM_VARIABLE, "infra/terraform.tfvars", "acl = \"public-read\"\n",
                "infra/b.auto.tfvars", "acl = \"private\"\n"), PUBLIC_ACL)).isEmpty();
        assertThat(of(scan("infra/main.tf", ACL_FROM_VARIABLE, "infra/a.auto.tfvars", "acl = \"private\"\n",
                "infra/z.auto.tfvars.json", "{\"acl\": \"public-read\"}"), PUBLIC_ACL)).hasSize(1);
        assertThat(of(scan("infra/main.tf", ACL_FROM_VARIABLE, "other/terraform.tfvars", "acl = \"public-read\"\n",
                "infra/prod.tfvars", "acl = \"public-read\"\n"), PUBLIC_ACL)).isEmpty();
    }

    private static final String MODULE = """
            variable "acl" {
              default = "private"
            }
            resource "aws_s3_bucket_acl" "this" {
              bucket = "b"
              acl    = var.acl
            }
            output "acl" {
              value = var.acl
            }
            """;

    @Test
    void evaluatesALocalModuleWithTheArgumentsOfItsCallerAndFindsInTheModulesFile() {
        List<Detection> found = of(scan("envs/prod/main.tf", """
                module "site" {
                  source = "../../modules/bucket"
                  acl    = "public-read"
                }
                module "logs" {
                  source = "../../modules/bucket"
                }
                """, "modules/bucket/main.tf", MODULE), PUBLIC_ACL);
        assertThat(found).hasSize(1);
        Detection detection = found.getFirst();
        assertThat(detection.location()).isEqualTo("modules/bucket/main.tf:6");
        assertThat(detection.identity()).isEqualTo("module.site.aws_s3_bucket_acl.this");
        assertThat(detection.description()).contains("module.site.aws_s3_bucket_acl.this")
                .contains("called from envs/prod/main.tf:1");
    }

    @Test
    void readsAModulesOutputsAndPassesValuesThroughNestedModules() {
        List<Detection> found = of(scan("main.tf", """
                module "outer" {
                  source = "./modules/outer"
                  acl    = "public-read"
                }
                resource "aws_s3_bucket_acl" "copy" {
                  bucket = "copy"
                  acl    = module.outer.acl
                }
                """, "modules/outer/main.tf", """
                variable "acl" {}
                module "inner" {
                  source = "../inner"
                  acl    = var.acl
                }
                output "acl" {
                  value = module.inner.acl
                }
                """, "modules/inner/main.tf", MODULE), PUBLIC_ACL);
        assertThat(found).extracting(Detection::identity)
                .containsExactlyInAnyOrder("aws_s3_bucket_acl.copy", "module.outer.module.inner.aws_s3_bucket_acl.this");
    }

    @Test
    void judgesAModuleNoOneCallsAsARootAndIgnoresRemoteSources() {
        List<Detection> found = of(scan("main.tf", """
                module "remote" {
                  source = "terraform-aws-modules/s3-bucket/aws"
                  acl    = "public-read"
                }
                module "git" {
                  source = "git::https://example.com/modules.git//bucket"
                }
                module "outside" {
                  source = "../../../etc"
                }
                resource "aws_s3_bucket_acl" "x" {
                  bucket = "x"
                  acl    = module.remote.acl
                }
                """, "modules/unused/main.tf", MODULE.replace("private", "public-read")), PUBLIC_ACL);
        assertThat(found).extracting(Detection::identity).containsExactly("aws_s3_bucket_acl.this");
    }

    @Test
    void stopsAtModuleCyclesAndFanOutWithoutBlowingUp() {
        StringBuilder fanOut = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            fanOut.append("module \"m").append(i).append("\" {\n  source = \"./\"\n}\n");
        }
        long start = System.nanoTime();
        List<Detection> found = scan("a/main.tf", "module \"b\" {\n  source = \"../b\"\n}\n" + MODULE,
                "b/main.tf", "module \"a\" {\n  source = \"../a\"\n}\n" + MODULE,
                "c/main.tf", "module \"c\" {\n  source = \"../c\"\n}\n" + MODULE.replace("private", "public-read"),
                "d/main.tf", fanOut + "module \"e\" {\n  source = \"../e\"\n}\n",
                "e/main.tf", fanOut + "module \"d\" {\n  source = \"../d\"\n}\n" + MODULE.replace("private", "public-read"));
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5.0);
        assertThat(of(found, PUBLIC_ACL)).extracting(Detection::path).containsExactlyInAnyOrder("c/main.tf", "e/main.tf");
    }

    @Test
    void judgesACountOrForEachResourceOnceWithItsAddress() {
        List<Detection> found = of(scan("main.tf", """
                variable "acls" {
                  default = ["private", "public-read", "public-read-write"]
                }
                resource "aws_s3_bucket_acl" "counted" {
                  count  = length(var.acls)
                  bucket = "b${count.index}"
                  acl    = var.acls[count.index]
                }
                resource "aws_s3_bucket_acl" "each" {
                  for_each = { a = "private", b = "website" }
                  bucket   = each.key
                  acl      = each.value
                }
                resource "aws_s3_bucket_acl" "none" {
                  count  = 0
                  bucket = "none"
                  acl    = "public-read"
                }
                resource "aws_s3_bucket_acl" "empty" {
                  for_each = {}
                  bucket   = "empty"
                  acl      = "public-read"
                }
                resource "aws_s3_bucket_acl" "off" {
                  count  = var.acls == [] ? 1 : 0
                  bucket = "off"
                  acl    = "public-read"
                }
                """), PUBLIC_ACL);
        assertThat(found).extracting(Detection::identity)
                .containsExactly("aws_s3_bucket_acl.counted", "aws_s3_bucket_acl.each");
        assertThat(found).extracting(Detection::description).anyMatch(d -> d.contains("aws_s3_bucket_acl.counted[1]"))
                .anyMatch(d -> d.contains("aws_s3_bucket_acl.each[\"b\"]"));
    }

    @Test
    void repeatsOrDropsDynamicBlocksByTheirForEach() {
        String group = """
                variable "ports" {
                  default = %s
                }
                resource "aws_security_group" "web" {
                  dynamic "ingress" {
                    for_each = var.ports
                    content {
                      from_port   = ingress.value
                      to_port     = ingress.value
                      protocol    = "tcp"
                      cidr_blocks = ["0.0.0.0/0"]
                    }
                  }
                }
                """;
        String ssh = "aws-sg-ssh-open-to-world";
        assertThat(of(scan("main.tf", group.formatted("[443, 22]")), ssh)).extracting(Detection::location)
                .containsExactly("main.tf:11");
        assertThat(of(scan("main.tf", group.formatted("[443]")), ssh)).isEmpty();
        assertThat(of(scan("main.tf", group.formatted("[]")), ssh)).isEmpty();
    }

    @Test
    void linksCompanionResourcesByAttributeThroughCountAndForEach() {
        String versioning = "aws-s3-versioning-disabled";
        assertThat(of(scan("main.tf", """
                resource "aws_s3_bucket" "counted" {
                  count  = 2
                  bucket = "b${count.index}"
                }
                resource "aws_s3_bucket_versioning" "counted" {
                  count  = 2
                  bucket = aws_s3_bucket.counted[count.index].id
                  versioning_configuration {
                    status = "Enabled"
                  }
                }
                resource "aws_s3_bucket" "each" {
                  for_each = toset(["a", "b"])
                  bucket   = each.key
                }
                resource "aws_s3_bucket_versioning" "each" {
                  for_each = aws_s3_bucket.each
                  bucket   = each.value.id
                  versioning_configuration {
                    status = "Enabled"
                  }
                }
                locals {
                  bucket_id = aws_s3_bucket.local.id
                }
                resource "aws_s3_bucket" "local" {
                  bucket = "l"
                }
                resource "aws_s3_bucket_versioning" "local" {
                  bucket = local.bucket_id
                  versioning_configuration {
                    status = "Enabled"
                  }
                }
                resource "aws_s3_bucket" "alone" {
                  bucket = "alone"
                }
                """), versioning)).extracting(Detection::identity).containsExactly("aws_s3_bucket.alone");
    }

    @Test
    void linksCompanionResourcesInsideAModuleInstance() {
        List<Detection> found = of(scan("main.tf", """
                module "store" {
                  source = "./modules/store"
                  name   = "store"
                }
                """, "modules/store/main.tf", """
                variable "name" {}
                resource "aws_s3_bucket" "kept" {
                  bucket = var.name
                }
                resource "aws_s3_bucket_versioning" "kept" {
                  bucket = aws_s3_bucket.kept.id
                  versioning_configuration {
                    status = "Enabled"
                  }
                }
                resource "aws_s3_bucket" "named" {
                  bucket = "${var.name}-named"
                }
                resource "aws_s3_bucket_versioning" "named" {
                  bucket = "store-named"
                  versioning_configuration {
                    status = "Enabled"
                  }
                }
                resource "aws_s3_bucket" "bare" {
                  bucket = "bare"
                }
                """), "aws-s3-versioning-disabled");
        assertThat(found).extracting(Detection::identity).containsExactly("module.store.aws_s3_bucket.bare");
    }

    @Test
    void linksCompanionResourcesByTheNameBothEvaluateTo() {
        String encryption = "aws-s3-encryption-disabled";
        String files = """
                variable "name" {
                  default = "data"
                }
                resource "aws_s3_bucket" "data" {
                  bucket = "${var.name}-bucket"
                }
                """;
        String companion = """
                resource "aws_s3_bucket_server_side_encryption_configuration" "data" {
                  bucket = "%s"
                  rule {
                    apply_server_side_encryption_by_default {
                      sse_algorithm = "aws:kms"
                    }
                  }
                }
                """;
        assertThat(of(scan("main.tf", files, "s3.tf", companion.formatted("data-bucket")), encryption)).isEmpty();
        assertThat(of(scan("main.tf", files, "s3.tf", companion.formatted("${var.name}-bucket")), encryption)).isEmpty();
        assertThat(of(scan("main.tf", files, "s3.tf", companion.formatted("other-bucket")), encryption)).hasSize(1);
    }

    @Test
    void linksACompanionThatNamesItsResourceInAnotherAttribute() throws Exception {
        IacRule alertPolicy = new IacRule("azure-mssql-no-alert-policy", "MSSQL server has no security alert policy",
                Severity.MEDIUM, "CWE-778", "Add azurerm_mssql_server_security_alert_policy", List.of(),
                Framework.TERRAFORM, Set.of("azurerm_mssql_server"), RuleCompiler.check(new ObjectMapper().readTree("""
                        {"unlinked": {"type": "azurerm_mssql_server_security_alert_policy",
                                      "via": "server_name", "name": "name",
                                      "ignoring": {"require": {"path": "state", "values": ["Enabled"]}}}}"""), "test"),
                "main.tf", List.of(), List.of(), new RuleHelp("No alerts on threats to the database.",
                        "Add azurerm_mssql_server_security_alert_policy", "https://example.test/docs", List.of()));
        IacScanner scanner = new IacScanner(new RuleBook(List.of(alertPolicy)));
        String server = """
                variable "server" {
                  default = "sql-prod"
                }
                resource "azurerm_mssql_server" "by_attribute" {
                  name = "sql-a"
                }
                resource "azurerm_mssql_server" "by_name" {
                  name = var.server
                }
                resource "azurerm_mssql_server" "disabled" {
                  name = "sql-c"
                }
                resource "azurerm_mssql_server_security_alert_policy" "a" {
                  server_name = azurerm_mssql_server.by_attribute.name
                  state       = "Enabled"
                }
                resource "azurerm_mssql_server_security_alert_policy" "b" {
                  server_name = "sql-prod"
                  state       = "Enabled"
                }
                resource "azurerm_mssql_server_security_alert_policy" "c" {
                  server_name = azurerm_mssql_server.disabled.name
                  state       = "Disabled"
                }
                """;
        assertThat(scan(scanner, "main.tf", server)).extracting(Detection::identity)
                .containsExactly("azurerm_mssql_server.disabled");
    }

    @Test
    void neverFlagsAValueItCannotEvaluate() {
        List<Detection> found = scan("main.tf", """
                variable "acl" {}
                variable "encrypted" {}
                resource "aws_s3_bucket_acl" "a" {
                  bucket = "a"
                  acl    = var.acl
                }
                resource "aws_s3_bucket_acl" "b" {
                  bucket = "b"
                  acl    = data.external.acl.result
                }
                resource "aws_s3_bucket_acl" "c" {
                  bucket = "c"
                  acl    = "${var.acl}-read"
                }
                resource "aws_db_instance" "db" {
                  storage_encrypted = var.encrypted
                  engine            = "postgres"
                }
                resource "aws_db_instance" "counted" {
                  count             = var.encrypted ? 1 : 0
                  storage_encrypted = var.encrypted
                }
                """);
        assertThat(of(found, PUBLIC_ACL)).isEmpty();
        assertThat(of(found, "aws-rds-unencrypted")).isEmpty();
    }

    @Test
    void warnsWithoutQuotingTheFileWhenTheBudgetIsSpentAndStillJudgesEveryFile() {
        StringBuilder locals = new StringBuilder("locals {\n  l0 = [\"secret-value\"]\n");
        for (int i = 1; i <= 40; i++) {
            locals.append("  l").append(i).append(" = [local.l").append(i - 1).append(", local.l").append(i - 1)
                    .append(", merge({}, {})]\n");
        }
        locals.append("}\n");
        List<Detection> found = scan("a/main.tf", locals + "resource \"t\" \"r\" {\n  x = jsonencode(local.l40)\n}\n",
                "b/main.tf", "resource \"aws_s3_bucket_acl\" \"b\" {\n  bucket = \"b\"\n  acl = \"public-read\"\n}\n");
        assertThat(warnings).singleElement().asString().startsWith(IacScanner.EVALUATION_LIMIT)
                .doesNotContain("secret-value").doesNotContain("l40");
        assertThat(of(found, PUBLIC_ACL)).extracting(Detection::path).containsExactly("b/main.tf");
    }
}
