package dev.vigil.server.bench;

import dev.vigil.server.scan.Detection;
import dev.vigil.server.scan.Scanner;
import dev.vigil.server.scan.SourceFile;
import dev.vigil.server.scan.iac.IacScanner;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Throughput of the iac engine: generates in memory a deterministic tree of Terraform files (AWS, Azure and
 * GCP resources with nested blocks, heredoc policies, variables and locals) and Kubernetes manifests
 * (multi-document Deployments), scans it with {@link IacScanner} after a warm-up, and prints files/s and
 * MB/s, plus the time to scan 1,000 Terraform files (parsing and every rule), which must stay under 2 s.
 *
 * <p>Run: {@code java -cp <test classpath> dev.vigil.server.bench.IacBench [terraformFiles] [manifests] [runs]}.
 */
public final class IacBench {

    private static final double THOUSAND_FILES_BUDGET_SECONDS = 2.0;

    private IacBench() {
    }

    public static void main(String[] args) {
        int terraformFiles = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int manifests = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Random random = new Random(20261122);
        List<SourceFile> terraform = new ArrayList<>();
        for (int i = 0; i < terraformFiles; i++) {
            terraform.add(new SourceFile("infra/m" + (i % 50) + "/f" + i + ".tf", terraformFile(i, random)));
        }
        List<SourceFile> kubernetes = new ArrayList<>();
        for (int i = 0; i < manifests; i++) {
            kubernetes.add(new SourceFile("k8s/app" + i + ".yaml", manifest(i, random)));
        }
        List<SourceFile> tree = new ArrayList<>(terraform);
        tree.addAll(kubernetes);
        long bytes = tree.stream().mapToLong(SourceFile::size).sum();
        System.out.printf(Locale.ROOT, "tree: %d Terraform files, %d manifests, %.1f MiB%n", terraformFiles, manifests,
                bytes / 1048576.0);
        IacScanner scanner = new IacScanner();
        for (int i = 0; i < 3; i++) {
            scan(scanner, tree);
        }
        double[] treeSeconds = new double[runs];
        double[] thousandSeconds = new double[runs];
        int findings = 0;
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            findings = scan(scanner, tree);
            treeSeconds[run] = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            scan(scanner, terraform.subList(0, Math.min(1_000, terraform.size())));
            thousandSeconds[run] = (System.nanoTime() - start) / 1e9;
        }
        double tree50 = median(treeSeconds);
        double thousand = median(thousandSeconds);
        System.out.printf(Locale.ROOT, "iac scan: %.0f files/s, %.1f MB/s (median of %d runs, %.2f s, %d findings)%n",
                tree.size() / tree50, bytes / 1e6 / tree50, runs, tree50, findings);
        System.out.printf(Locale.ROOT, "1,000 Terraform files parsed and checked in %.3f s (budget %.1f s): %s%n",
                thousand, THOUSAND_FILES_BUDGET_SECONDS, thousand < THOUSAND_FILES_BUDGET_SECONDS ? "OK" : "TOO SLOW");
        if (thousand >= THOUSAND_FILES_BUDGET_SECONDS) {
            System.exit(1);
        }
    }

    private static int scan(IacScanner scanner, List<SourceFile> files) {
        Scanner.Session session = scanner.start((code, message, path) -> {
            throw new IllegalStateException("generated file does not parse: " + path + ": " + message);
        });
        files.forEach(session::scan);
        List<Detection> detections = session.finish();
        return detections.size();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static byte[] terraformFile(int index, Random random) {
        StringBuilder out = new StringBuilder();
        out.append("variable \"env\" {\n  default = \"prod\"\n}\n\nlocals {\n  retention = ")
                .append(1 + random.nextInt(30)).append("\n  tags = { team = \"core\", env = var.env }\n}\n\n");
        for (int r = 0; r < 12; r++) {
            String name = "r" + index + "_" + r;
            out.append(resource(random.nextInt(6), name, random));
            out.append('\n');
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** One generated resource of {@code kind} (0 to 5): three AWS ones, then a database, Azure and GCP. */
    private static String resource(int kind, String name, Random random) {
        return kind < 3 ? awsResource(kind, name, random) : otherResource(kind, name, random);
    }

    private static String awsResource(int kind, String name, Random random) {
        return switch (kind) {
            case 0 -> """
                    resource "aws_s3_bucket" "%1$s" {
                      bucket = "${var.env}-%1$s"
                      tags   = local.tags
                    }

                    resource "aws_s3_bucket_versioning" "%1$s" {
                      bucket = aws_s3_bucket.%1$s.id
                      versioning_configuration {
                        status = "%2$s"
                      }
                    }
                    """.formatted(name, random.nextBoolean() ? "Enabled" : "Suspended");
            case 1 -> """
                    resource "aws_security_group" "%1$s" {
                      name        = "%1$s"
                      description = "generated"
                      ingress {
                        from_port   = %2$d
                        to_port     = %2$d
                        protocol    = "tcp"
                        cidr_blocks = ["%3$s"]
                      }
                      egress {
                        from_port   = 0
                        to_port     = 0
                        protocol    = "-1"
                        cidr_blocks = ["0.0.0.0/0"]
                      }
                    }
                    """.formatted(name, random.nextBoolean() ? 22 : 443,
                    random.nextBoolean() ? "0.0.0.0/0" : "10.0.0.0/8");
            default -> """
                    resource "aws_iam_policy" "%1$s" {
                      name   = "%1$s"
                      policy = <<-EOF
                        {
                          "Version": "2012-10-17",
                          "Statement": [{"Effect": "Allow", "Action": "%2$s", "Resource": "*"}]
                        }
                      EOF
                    }
                    """.formatted(name, random.nextBoolean() ? "s3:*" : "s3:GetObject");
        };
    }

    private static String otherResource(int kind, String name, Random random) {
        return switch (kind) {
            case 3 -> """
                    resource "aws_db_instance" "%1$s" {
                      engine                  = "postgres"
                      instance_class          = "db.t3.micro"
                      storage_encrypted       = %2$s
                      backup_retention_period = local.retention
                      publicly_accessible     = false
                    }
                    """.formatted(name, random.nextBoolean());
            case 4 -> """
                    resource "azurerm_storage_account" "%1$s" {
                      name                     = "%1$s"
                      account_tier             = "Standard"
                      account_replication_type = "GRS"
                      min_tls_version          = "%2$s"
                      network_rules {
                        default_action = "Deny"
                        ip_rules       = ["203.0.113.%3$d"]
                      }
                    }
                    """.formatted(name, random.nextBoolean() ? "TLS1_2" : "TLS1_0", random.nextInt(250));
            default -> """
                    resource "google_container_cluster" "%1$s" {
                      name     = "%1$s"
                      location = "europe-west1"
                      # comment
                      master_authorized_networks_config {
                        cidr_blocks {
                          cidr_block = "10.0.0.0/8"
                        }
                      }
                      node_config {
                        metadata = {
                          disable-legacy-endpoints = true
                        }
                        labels = merge(local.tags, { pool = "default" })
                      }
                    }
                    """.formatted(name);
        };
    }

    private static byte[] manifest(int index, Random random) {
        StringBuilder out = new StringBuilder();
        for (int d = 0; d < 4; d++) {
            out.append("""
                    ---
                    apiVersion: apps/v1
                    kind: Deployment
                    metadata:
                      name: app%1$d-%2$d
                      namespace: shop
                    spec:
                      replicas: 3
                      template:
                        spec:
                          containers:
                            - name: app
                              image: registry.example.com/app:%3$s
                              ports:
                                - containerPort: 8080
                              resources:
                                limits:
                                  cpu: 500m
                                  memory: 256Mi
                              securityContext:
                                runAsNonRoot: %4$s
                                readOnlyRootFilesystem: true
                            - name: sidecar
                              image: envoy:1.31
                              env:
                                - name: LOG_LEVEL
                                  value: info
                    """.formatted(index, d, random.nextBoolean() ? "1.4.2" : "latest", random.nextBoolean()));
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
