package dev.vigil.server.scan.iac;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HclParserTest {

    @Test
    void readsADynamicBlockWhoseContentIsAnEmptyListInsteadOfABlock() {
        List<HclBlock> blocks = HclParser.parse("""
                resource "aws_security_group" "sg" {
                  dynamic "rule" {
                    content = []
                  }
                }
                """);

        assertThat(blocks.getFirst().body().get("rule")).isPresent();
    }

    @Test
    void readsBlocksAttributesNestedBlocksAndTheirLines() {
        List<HclBlock> blocks = HclParser.parse("""
                # a comment
                resource "aws_s3_bucket" "data" {
                  bucket = "data" // trailing comment
                  count  = 2
                  /* block
                     comment */
                  force_destroy = false
                  tags = {
                    Name = "data"
                    "team:owner" = "infra"
                  }
                  cidrs = ["10.0.0.0/8", "192.168.0.0/16",]
                  logging {
                    target_bucket = aws_s3_bucket.logs.id
                  }
                  logging {
                    target_bucket = "second"
                  }
                }
                """);
        assertThat(blocks).hasSize(1);
        HclBlock block = blocks.getFirst();
        assertThat(block.type()).isEqualTo("resource");
        assertThat(block.labels()).containsExactly("aws_s3_bucket", "data");
        assertThat(block.line()).isEqualTo(2);
        Node body = block.body();
        assertThat(body.get("bucket").orElseThrow().text()).isEqualTo("data");
        assertThat(body.get("bucket").orElseThrow().line()).isEqualTo(3);
        assertThat(body.get("count").orElseThrow().text()).isEqualTo("2");
        assertThat(body.get("force_destroy").orElseThrow().line()).isEqualTo(7);
        assertThat(body.resolve("tags.team:owner").getFirst().text()).isEqualTo("infra");
        assertThat(body.get("cidrs").orElseThrow().items()).extracting(Node::text)
                .containsExactly("10.0.0.0/8", "192.168.0.0/16");
        List<Node> targets = body.resolve("logging.target_bucket");
        assertThat(targets).hasSize(2);
        assertThat(targets.getFirst().isExpression()).isTrue();
        assertThat(targets.getFirst().text()).isEqualTo("aws_s3_bucket.logs.id");
        assertThat(targets.get(1).line()).isEqualTo(17);
    }

    @Test
    void keepsInterpolationsAndFunctionCallsAsExpressionText() {
        Node body = HclParser.parse("""
                resource "x" "y" {
                  name   = "${var.prefix}-data"
                  whole  = "${var.prefix}"
                  joined = join(",", [for s in var.list : upper(s)])
                  cond   = var.enabled ? "a" : "b"
                  sum    = 1 + 2
                }
                """).getFirst().body();
        assertThat(body.get("name").orElseThrow().isExpression()).isTrue();
        assertThat(body.get("name").orElseThrow().text()).isEqualTo("${var.prefix}-data");
        assertThat(body.get("whole").orElseThrow().text()).isEqualTo("var.prefix");
        assertThat(body.get("joined").orElseThrow().text()).isEqualTo("join(\",\", [for s in var.list : upper(s)])");
        assertThat(body.get("cond").orElseThrow().text()).isEqualTo("var.enabled ? \"a\" : \"b\"");
        assertThat(body.get("sum").orElseThrow().isExpression()).isTrue();
    }

    @Test
    void readsHeredocsWithAndWithoutIndentStripping() {
        Node body = HclParser.parse("""
                resource "x" "y" {
                  plain = <<EOF
                {"a": 1}
                EOF
                  indented = <<-EOT
                    line one
                      line two
                    EOT
                  after = true
                }
                """).getFirst().body();
        assertThat(body.get("plain").orElseThrow().text()).isEqualTo("{\"a\": 1}\n");
        assertThat(body.get("indented").orElseThrow().text()).isEqualTo("line one\n  line two\n");
        assertThat(body.get("after").orElseThrow().line()).isEqualTo(9);
    }

    @Test
    void resolvesVariableDefaultsAndLocalsOfTheSameFile() {
        IacFile file = TerraformReader.read("main.tf", """
                variable "encrypted" {
                  default = true
                }
                variable "unknown" {}
                locals {
                  retention = 7
                }
                resource "aws_db_instance" "db" {
                  storage_encrypted       = var.encrypted
                  backup_retention_period = local.retention
                  kms_key_id              = var.unknown
                }
                """);
        Node body = file.resources().getFirst().body();
        assertThat(body.get("storage_encrypted").orElseThrow().isTrue()).isTrue();
        assertThat(body.get("storage_encrypted").orElseThrow().line()).isEqualTo(9);
        assertThat(body.get("backup_retention_period").orElseThrow().text()).isEqualTo("7");
        assertThat(body.get("kms_key_id").orElseThrow().isExpression()).isTrue();
        assertThat(file.resources().getFirst().address()).isEqualTo("aws_db_instance.db");
    }

    @Test
    void rejectsMalformedInputWithAParseException() {
        assertThatThrownBy(() -> HclParser.parse("resource \"a\" \"b\" {\n  x = \"unterminated\n}\n"))
                .isInstanceOf(IacParseException.class).hasMessageContaining("line 2");
        assertThatThrownBy(() -> HclParser.parse("resource \"a\" \"b\" {\n  x = 1\n"))
                .isInstanceOf(IacParseException.class);
        assertThatThrownBy(() -> HclParser.parse("resource \"a\" \"b\" {\n x = " + "[".repeat(10_000) + "\n}"))
                .isInstanceOf(IacParseException.class).hasMessageContaining("nesting");
    }

    @Test
    void staysLinearOnHostileInput() {
        String[] hostile = {
                "resource \"a\" \"b\" {\n  x = \"" + "${\"".repeat(50_000) + "\n}\n",
                "resource \"a\" \"b\" {\n" + "  x = <<EOF\n".repeat(50_000),
                "resource \"a\" \"b\" {\n" + "  y = f(a, [b, {c = d}], \"e\")\n".repeat(100_000) + "}\n",
                "/*".repeat(200_000),
        };
        long start = System.nanoTime();
        for (String text : hostile) {
            try {
                HclParser.parse(text);
            } catch (IacParseException expected) {
                // malformed input is fine; time is what this test is about
            }
        }
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5.0);
    }
}
