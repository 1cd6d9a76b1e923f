package dev.vigil.server.scan;

import dev.vigil.server.scan.iac.IacScanner;
import dev.vigil.server.scan.sca.ManifestParsers;
import dev.vigil.server.testing.LinearTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Every parser of untrusted files takes time linear in its input: for each parser, an input of a shape that
 * is hard for it is read at size n and 8n, and reading the larger once must take less than 4 times as long as
 * reading the smaller 8 times (that is, 8 times the input in less than 32 times the time; linear is 1 time
 * as long, or 2 to 3 where the larger input no longer fits the processor's caches; quadratic 8). Each time is the best of a few runs after a warm-up at the larger size, so that a
 * busy machine, a collection or a compiler still at work does not fail the test.
 */
class LinearParsingTest {

    private static final int GROWTH = LinearTime.GROWTH;
    /** Rounds of runs while the ratio is over the bound: a pause of the machine passes, a square does not. */
    private static final IacScanner IAC = new IacScanner();

    /** A hard input for one parser: the file's name, and its content for a size. */
    record Shape(String description, String fileName, int n, IntFunction<String> content) {
        @Override
        public String toString() {
            return description;
        }
    }

    static Stream<Shape> shapes() {
        return Stream.concat(manifestShapes().stream(), iacShapes().stream());
    }

    /** Lockfiles and manifests of the dependency engine. */
    private static List<Shape> manifestShapes() {
        return List.of(
                new Shape("Cargo.lock: a table header of closing brackets", "Cargo.lock", 20_000,
                        n -> "[" + "]".repeat(n) + "a\n"),
                new Shape("Cargo.lock: one crate name locked many times", "Cargo.lock", 1_000,
                        n -> lines(n, i -> "[[package]]\nname = \"a\"\ndependencies = [\"b\", \"c\", \"d\", \"e\"]\n")),
                new Shape("poetry.lock: packages with dependency tables", "poetry.lock", 200,
                        n -> lines(n, i -> "[[package]]\nname = \"p" + i + "\"\nversion = \"1.0\"\n"
                                + "[package.dependencies]\np" + (i + 1) + " = \"*\"\n")),
                new Shape("uv.lock: workspace members with inline-table dependencies", "uv.lock", 200,
                        n -> lines(n, i -> "[[package]]\nname = \"p" + i + "\"\nversion = \"1.0\"\n"
                                + "source = { virtual = \".\" }\ndependencies = [{ name = \"q" + i + "\" }]\n")),
                new Shape("package-lock.json v3: many workspace roots", "package-lock.json", 1_000,
                        n -> "{\"lockfileVersion\": 3, \"packages\": {" + lines(n, i -> "\"w" + i
                                + "\": {\"dependencies\": {\"d" + i + "\": \"1\"}},") + "\"\": {}}}"),
                new Shape("package-lock.json v1: siblings at every level of a deep tree", "package-lock.json", 50,
                        n -> "{\"lockfileVersion\": 1, \"dependencies\": " + npmTree(n) + "}"),
                new Shape("package.json: many exact versions", "package.json", 600,
                        n -> "{\"dependencies\": {" + joined(n, i -> "\"p" + i + "\": \"1.0." + i + "\"") + "}}"),
                new Shape("yarn.lock: a chain of entries", "yarn.lock", 300,
                        n -> lines(n, i -> "p" + i + "@^1.0.0:\n  version \"1.0.0\"\n  dependencies:\n    p" + (i + 1)
                                + " \"^1.0.0\"\n\n")),
                new Shape("pnpm-lock.yaml: one package with many peer variants", "pnpm-lock.yaml", 500,
                        n -> "lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n    resolution: {integrity: x}\n"
                                + "snapshots:\n" + lines(n, i -> "  a@1.0.0(p" + i + "@1.0.0):\n    dependencies:\n"
                                + "      b: 1.0.0\n      c: 1.0.0\n")),
                new Shape("Pipfile.lock: many packages", "Pipfile.lock", 500,
                        n -> "{\"default\": {" + joined(n, i -> "\"p" + i + "\": {\"version\": \"==1.0\"}") + "}}"),
                new Shape("requirements.txt: a line of spaces", "requirements.txt", 20_000,
                        n -> "a" + " ".repeat(n) + "x\n"),
                new Shape("requirements.txt: continued lines", "requirements.txt", 250,
                        n -> lines(n, i -> "p" + i + "==1.0 \\\n    --hash=sha256:abc\n")),
                new Shape("Gemfile.lock beside a Gemfile of nested groups", "Gemfile.lock", 200,
                        n -> "GEM\n  specs:\n" + lines(n, i -> "    g" + i + " (1.0)\n      g" + (i + 1) + "\n")
                                + "\nDEPENDENCIES\n" + lines(n, i -> "  g" + i + "\n")),
                new Shape("composer.lock: many packages", "composer.lock", 600,
                        n -> "{\"packages\": [" + joined(n, i -> "{\"name\": \"v/p" + i + "\", \"version\": \"1.0\"}")
                                + "]}"),
                new Shape("packages.lock.json: many packages", "packages.lock.json", 500,
                        n -> "{\"version\": 1, \"dependencies\": {\"net8.0\": {" + joined(n, i -> "\"P" + i
                                + "\": {\"type\": \"Direct\", \"resolved\": \"1.0\"}") + "}}}"),
                new Shape("gradle.lockfile: many coordinates", "gradle.lockfile", 600,
                        n -> lines(n, i -> "g:a" + i + ":1.0=compileClasspath,testCompileClasspath\n")),
                new Shape("go.mod: many requirements", "go.mod", 1_000,
                        n -> "module m\n\nrequire (\n" + lines(n, i -> "\tex.com/m" + i + " v1.0." + i + "\n") + ")\n"),
                new Shape("pom.xml: dependencies with property versions", "pom.xml", 120,
                        n -> "<project><properties>" + lines(n, i -> "<v" + i + ">${v" + (i + 1) + "}</v" + i + ">")
                                + "</properties><dependencies>" + lines(n, i -> "<dependency><groupId>g</groupId>"
                                + "<artifactId>a" + i + "</artifactId><version>${v" + i + "}</version></dependency>")
                                + "</dependencies></project>"));
    }

    /** Terraform, Kubernetes, CloudFormation and Dockerfiles of the IaC engine. */
    private static List<Shape> iacShapes() {
        return List.of(
                new Shape("main.tf: many resources", "main.tf", 80,
                        n -> lines(n, i -> "resource \"aws_s3_bucket\" \"b" + i + "\" {\n  bucket = \"b" + i
                                + "\"\n  tags = { a = [1, {b = var.x}] }\n}\n")),
                new Shape("main.tf: buckets and the resources that name them", "main.tf", 100,
                        n -> lines(n, i -> "resource \"aws_s3_bucket\" \"b" + i + "\" {\n  bucket = \"b" + i
                                + "\"\n}\nresource \"aws_s3_bucket_versioning\" \"v" + i + "\" {\n  bucket = "
                                + "aws_s3_bucket.b" + i + ".id\n  versioning_configuration {\n    status = \"Enabled\"\n"
                                + "  }\n}\n")),
                new Shape("main.tf evaluated: variables, locals, templates, count and dynamic blocks", "main.tf", 40,
                        n -> lines(n, i -> "variable \"v" + i + "\" {\n  default = { cidr = \"0.0.0.0\", ports = [22, 443] }\n}\n"
                                + "locals {\n  l" + i + " = merge(var.v" + i + ", { name = format(\"%s-%d\", lower(\"SG\"), " + i
                                + ") })\n}\nresource \"aws_security_group\" \"s" + i + "\" {\n  count = 2\n"
                                + "  name  = \"${local.l" + i + ".name}-${count.index}\"\n  dynamic \"ingress\" {\n"
                                + "    for_each = local.l" + i + ".ports\n    content {\n      from_port   = ingress.value\n"
                                + "      to_port     = ingress.value\n      cidr_blocks = [\"${local.l" + i + ".cidr}/0\"]\n"
                                + "    }\n  }\n}\n")),
                new Shape("main.tf evaluated: a chain of locals, each naming the one before", "main.tf", 400,
                        n -> "locals {\n  l0 = \"end\"\n" + lines(n, i -> "  l" + (i + 1) + " = \"${local.l" + i + "}\"\n")
                                + "}\n" + lines(n, i -> "resource \"aws_s3_bucket_acl\" \"b" + i + "\" {\n  acl = local.l" + i
                                + "\n}\n")),
                new Shape("main.tf.json: many resources", "main.tf.json", 100,
                        n -> "{\"resource\": {\"aws_s3_bucket\": {" + joined(n, i -> "\"b" + i
                                + "\": {\"bucket\": \"b" + i + "\"}") + "}}}"),
                new Shape("Kubernetes: many documents", "deploy.yaml", 40,
                        n -> lines(n, i -> "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d" + i
                                + "\nspec:\n  template:\n    spec:\n      containers:\n        - name: c\n"
                                + "          image: nginx\n")),
                new Shape("CloudFormation: many resources with tags", "template.yaml", 60,
                        n -> "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n" + lines(n, i -> "  B" + i
                                + ":\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: !Ref N" + i + "\n")),
                new Shape("Dockerfile: many stages", "Dockerfile", 1_000,
                        n -> lines(n, i -> "FROM alpine:3 AS s" + i + "\n")),
                new Shape("Dockerfile: a heredoc that never ends", "Dockerfile", 600,
                        n -> "FROM alpine:3\nRUN <<EOF\n" + lines(n, i -> "echo " + i + "\n")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void shouldReadInTimeLinearInTheInput(Shape shape) {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            byte[] small = shape.content().apply(shape.n()).getBytes(StandardCharsets.UTF_8);
            byte[] large = shape.content().apply(shape.n() * GROWTH).getBytes(StandardCharsets.UTF_8);
            LinearTime.assertLinear(shape, small, large, content -> read(shape.fileName(), content));
        });
    }

    /** The file through its engine's public entry: manifests parsed, IaC files read and checked. */
    private static void read(String fileName, byte[] content) {
        Scanner.Warnings ignored = (code, message, path) -> { };
        SourceFile file = new SourceFile("app/" + fileName, content);
        if (ManifestParsers.isManifest(file.path())) {
            List<SourceFile> files = fileName.equals("Gemfile.lock")
                    ? List.of(file, new SourceFile("app/Gemfile", gemfile(content.length / 8)))
                    : List.of(file);
            ManifestParsers.parse(files, ignored);
        } else {
            Scanner.Session session = IAC.start(ignored);
            session.scan(file);
            session.finish();
        }
    }

    /** Gems inside a development group and many blocks: quadratic for a look at every open block per gem. */
    private static byte[] gemfile(int n) {
        String text = "group :development do\n" + lines(n, i -> "  x.each do\n") + lines(n, i -> "  gem 'g" + i
                + "'\n") + lines(n + 1, i -> "end\n");
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code depth} levels, each with ten leaf dependencies and one that goes deeper. */
    private static String npmTree(int depth) {
        StringBuilder out = new StringBuilder();
        for (int level = 0; level < depth; level++) {
            out.append('{');
            for (int leaf = 0; leaf < 10; leaf++) {
                out.append("\"leaf-").append(leaf).append("\": {\"version\": \"1.0.0\"}, ");
            }
            out.append("\"level-").append(level).append("\": {\"version\": \"1.0.0\", \"dependencies\": ");
        }
        out.append("{}");
        out.append("}}".repeat(depth));
        return out.toString();
    }

    private static String lines(int n, IntFunction<String> line) {
        return IntStream.range(0, n).mapToObj(line).collect(Collectors.joining());
    }

    private static String joined(int n, IntFunction<String> item) {
        return IntStream.range(0, n).mapToObj(item).collect(Collectors.joining(", "));
    }
}
