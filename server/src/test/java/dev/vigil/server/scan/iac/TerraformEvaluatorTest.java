package dev.vigil.server.scan.iac;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Expressions as Terraform evaluates them, read back from the attributes of one resource. */
class TerraformEvaluatorTest {

    private static Node evaluated(String locals, String attributes) {
        IacFile file = TerraformReader.read("main.tf", locals + "\nresource \"t\" \"r\" {\n" + attributes + "\n}\n");
        return file.resources().getFirst().body();
    }

    private static String text(Node body, String key) {
        Node node = body.get(key).orElseThrow();
        assertThat(node.isExpression()).as("%s is known", key).isFalse();
        return node.text();
    }

    @Test
    void interpolatesVariablesAndLocalsIntoStrings() {
        Node body = evaluated("""
                variable "env" {
                  default = "prod"
                }
                locals {
                  name   = "${var.env}-data"
                  nested = "${local.name}/${upper(var.env)}"
                }
                """, """
                  a = local.name
                  b = "s3://${local.nested}"
                  c = <<EOT
                bucket ${var.env}
                EOT
                  d = "arn:aws:s3:::${var.env}/$${aws:username}/%%{x}"
                """);
        assertThat(text(body, "a")).isEqualTo("prod-data");
        assertThat(text(body, "b")).isEqualTo("s3://prod-data/PROD");
        assertThat(text(body, "c")).isEqualTo("bucket prod\n");
        assertThat(text(body, "d")).isEqualTo("arn:aws:s3:::prod/${aws:username}/%{x}");
    }

    @Test
    void computesTheFunctionsRealCodeUses() {
        Node body = evaluated("""
                locals {
                  tags     = { Team = "a" }
                  settings = { acl = "private" }
                }
                """, """
                  lower     = lower("ABC")
                  upper     = upper("abc")
                  format    = format("%s-%d-%v%%", "a", 5, true)
                  concat    = concat(["a"], ["b", "c"])
                  merge     = merge(local.tags, { Env = "prod" })
                  lookup    = lookup(local.settings, "acl", "public-read")
                  default   = lookup(local.settings, "missing", "fallback")
                  coalesce  = coalesce("", null, "first")
                  tostring  = tostring(5)
                  tonumber  = tonumber("42")
                  tobool    = tobool("true")
                  json      = jsonencode({ Effect = "Allow", Action = ["s3:*"], Count = 2 })
                  try       = try(local.settings.missing, "recovered")
                  cond      = 2 > 1 && !false ? "yes" : "no"
                  sum       = 1 + 2 * 3
                """);
        assertThat(text(body, "lower")).isEqualTo("abc");
        assertThat(text(body, "upper")).isEqualTo("ABC");
        assertThat(text(body, "format")).isEqualTo("a-5-true%");
        assertThat(body.get("concat").orElseThrow().items()).extracting(Node::text).containsExactly("a", "b", "c");
        assertThat(body.get("merge").orElseThrow().fields()).containsOnlyKeys("Team", "Env");
        assertThat(text(body, "lookup")).isEqualTo("private");
        assertThat(text(body, "default")).isEqualTo("fallback");
        assertThat(text(body, "coalesce")).isEqualTo("first");
        assertThat(text(body, "tostring")).isEqualTo("5");
        assertThat(text(body, "tonumber")).isEqualTo("42");
        assertThat(text(body, "tobool")).isEqualTo("true");
        assertThat(text(body, "json")).isEqualTo("{\"Effect\":\"Allow\",\"Action\":[\"s3:*\"],\"Count\":2}");
        assertThat(text(body, "try")).isEqualTo("recovered");
        assertThat(text(body, "cond")).isEqualTo("yes");
        assertThat(text(body, "sum")).isEqualTo("7");
    }

    @Test
    void placesAKnownValueAtTheLineOfItsExpression() {
        Node body = evaluated("""
                locals {
                  rules = [{ cidr = "0.0.0.0/0" }]
                }
                """, """
                  a = 1
                  b = local.rules
                """);
        assertThat(body.get("b").orElseThrow().line()).isEqualTo(7);
        assertThat(body.resolve("b.cidr").getFirst().line()).isEqualTo(7);
    }

    @Test
    void givesAnIteratorAttributeItDoesNotHaveNoValue() {
        Node body = evaluated("", """
                  count = 2
                  a     = count.value
                  b     = try(count.value, "fallback")
                """);
        assertThat(body.get("a").orElseThrow().isExpression()).isTrue();
        assertThat(text(body, "b")).isEqualTo("fallback");
    }

    @Test
    void leavesWhatItCannotKnowAsWritten() {
        Node body = evaluated("""
                variable "unset" {}
                locals {
                  bucket = aws_s3_bucket.b.id
                }
                """, """
                  unset     = var.unset
                  resource  = aws_kms_key.k.arn
                  data      = lower(data.aws_caller_identity.me.account_id)
                  passed    = local.bucket
                  template  = "${var.unset}-x"
                  forloop   = [for s in var.unset : upper(s)]
                  remote    = module.remote.id
                  missing   = lookup({}, "k")
                  unknownfn = timestamp()
                """);
        for (String key : new String[] {"unset", "resource", "data", "template", "remote", "missing", "unknownfn"}) {
            assertThat(body.get(key).orElseThrow().isExpression()).as(key).isTrue();
        }
        assertThat(body.get("forloop").orElseThrow().scalars()).allMatch(Node::isExpression);
        assertThat(body.get("resource").orElseThrow().text()).isEqualTo("aws_kms_key.k.arn");
        assertThat(body.get("passed").orElseThrow().text()).isEqualTo("aws_s3_bucket.b.id");
        assertThat(body.get("data").orElseThrow().text()).isEqualTo("lower(data.aws_caller_identity.me.account_id)");
    }

    @Test
    void endsCyclesOfLocalsAndVariablesWithUnknownValues() {
        Node body = evaluated("""
                variable "self" {
                  default = var.self
                }
                locals {
                  a = local.b
                  b = "${local.a}x"
                  c = local.c
                }
                """, """
                  a    = local.a
                  c    = local.c
                  self = var.self
                """);
        assertThat(body.get("a").orElseThrow().isExpression()).isTrue();
        assertThat(body.get("c").orElseThrow().isExpression()).isTrue();
        assertThat(body.get("self").orElseThrow().isExpression()).isTrue();
    }

    @Test
    void givesUpOnAStringThatDoublesAtEveryLocal() {
        StringBuilder locals = new StringBuilder("locals {\n  l0 = \"abcdefgh\"\n");
        for (int i = 1; i <= 60; i++) {
            locals.append("  l").append(i).append(" = \"${local.l").append(i - 1).append("}${local.l").append(i - 1)
                    .append("}\"\n");
        }
        locals.append("}\n");
        long start = System.nanoTime();
        Node body = evaluated(locals.toString(), "  a = local.l60\n  b = local.l5\n");
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(2.0);
        assertThat(body.get("a").orElseThrow().isExpression()).isTrue();
        assertThat(text(body, "b")).hasSize(8 * 32);
    }

    @Test
    void givesUpOnAListThatDoublesAtEveryLocal() {
        StringBuilder locals = new StringBuilder("locals {\n  l0 = [\"a\"]\n");
        for (int i = 1; i <= 60; i++) {
            locals.append("  l").append(i).append(" = concat(local.l").append(i - 1).append(", local.l").append(i - 1)
                    .append(")\n");
        }
        locals.append("}\n");
        long start = System.nanoTime();
        Node body = evaluated(locals.toString(), "  a = local.l60\n  b = jsonencode(local.l60)\n");
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(2.0);
        assertThat(body.get("b").orElseThrow().isExpression()).isTrue();
    }

    /**
     * Locals that each wrap the one before, asked for in order (by {@code count = length(…)}), build a value
     * nested far deeper than evaluation ever nests; copying or encoding it must not overflow a small stack.
     */
    @Test
    void staysWithinTheStackOnAValueNestedALevelPerLocal() throws Exception {
        int n = 20_000;
        StringBuilder text = new StringBuilder("locals {\n  l0 = \"end\"\n");
        for (int i = 1; i <= n; i++) {
            text.append("  l").append(i).append(" = [local.l").append(i - 1).append("]\n");
        }
        text.append("}\n");
        for (int i = 0; i <= n; i++) {
            text.append("resource \"t\" \"r").append(i).append("\" {\n  count = length(local.l").append(i).append(")\n}\n");
        }
        text.append("resource \"t\" \"deep\" {\n  v = local.l").append(n).append("\n  j = jsonencode(local.l").append(n)
                .append(")\n  s = local.l2\n}\n");
        List<IacResource> resources = new ArrayList<>();
        Throwable[] thrown = new Throwable[1];
        Thread small = new Thread(null, () -> {
            try {
                resources.addAll(TerraformReader.read("main.tf", text.toString()).resources());
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "small-stack", 512 * 1024);
        small.start();
        small.join();
        assertThat(thrown[0]).isNull();
        Node deep = resources.getLast().body();
        assertThat(deep.get("v").orElseThrow().isExpression()).isTrue();
        assertThat(deep.get("j").orElseThrow().isExpression()).isTrue();
        assertThat(deep.resolve("s").getFirst().items().getFirst().items().getFirst().text()).isEqualTo("end");
    }

    @Test
    void evaluatesAReferenceChainLongerThanItsDepthAsUnknown() {
        StringBuilder locals = new StringBuilder("locals {\n  l0 = \"end\"\n");
        for (int i = 1; i <= 5_000; i++) {
            locals.append("  l").append(i).append(" = local.l").append(i - 1).append("\n");
        }
        locals.append("}\n");
        Node body = evaluated(locals.toString(), "  deep = local.l5000\n  near = local.l3\n");
        assertThat(body.get("deep").orElseThrow().isExpression()).isTrue();
        assertThat(text(body, "near")).isEqualTo("end");
    }
}
