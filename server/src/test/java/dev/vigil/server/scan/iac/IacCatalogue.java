package dev.vigil.server.scan.iac;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The reference tools' check ids by framework and provider ({@code terraform/aws}), read from the catalogues
 * {@code checkov_check_ids.tsv} and {@code iac_cases_trivy_checks.tsv}: the denominator of coverage. A
 * Trivy cloud check of AWS counts for Terraform and CloudFormation; deprecated Trivy checks do not count.
 */
record IacCatalogue(Map<String, Set<String>> idsByRow) {

    static IacCatalogue read(Path data) throws IOException {
        Map<String, Set<String>> rows = new TreeMap<>();
        for (String line : Files.readAllLines(data.resolve("iac/checkov_check_ids.tsv"), StandardCharsets.UTF_8)) {
            String[] fields = line.split("\t");
            if (fields.length < 3 || fields[2].equals("None")) {
                continue;
            }
            String row = switch (fields[0]) {
                case "terraform" -> "terraform/" + provider(fields[1].split("/").length > 1 ? fields[1].split("/")[1] : "");
                case "cloudformation" -> "cloudformation/aws";
                case "kubernetes" -> "kubernetes/kubernetes";
                case "dockerfile" -> "dockerfile/docker";
                default -> null;
            };
            if (row != null) {
                rows.computeIfAbsent(row, key -> new TreeSet<>()).add(fields[2]);
            }
        }
        for (String line : Files.readAllLines(data.resolve("iac/iac_cases_trivy_checks.tsv"), StandardCharsets.UTF_8)) {
            String[] fields = line.split("\t");
            if (fields.length < 9 || fields[0].equals("check_id") || fields[6].equals("True")) {
                continue;
            }
            String id = fields[1];
            if (fields[8].startsWith("checks/kubernetes")) {
                rows.computeIfAbsent("kubernetes/kubernetes", key -> new TreeSet<>()).add(id);
            } else if (fields[8].startsWith("checks/docker")) {
                rows.computeIfAbsent("dockerfile/docker", key -> new TreeSet<>()).add(id);
            } else {
                String provider = provider(fields[4]);
                rows.computeIfAbsent("terraform/" + provider, key -> new TreeSet<>()).add(id);
                if (provider.equals("aws")) {
                    rows.computeIfAbsent("cloudformation/aws", key -> new TreeSet<>()).add(id);
                }
            }
        }
        return new IacCatalogue(rows);
    }

    /** One name per provider across the two tools: {@code gcp} and {@code google} are {@code google}. */
    static String provider(String name) {
        return switch (name) {
            case "gcp", "google" -> "google";
            case "alicloud" -> "alibaba";
            case "oci", "oracle" -> "oracle";
            default -> name.isEmpty() ? "other" : name;
        };
    }

    /** The provider of a Trivy case ({@code AVD-AZU-0001}) or of a Checkov check module path. */
    static String providerOfTrivy(String avdId) {
        String code = avdId.split("-")[1];
        return switch (code) {
            case "AWS" -> "aws";
            case "AZU" -> "azure";
            case "GCP" -> "google";
            case "KSV" -> "kubernetes";
            case "DS" -> "docker";
            case "OCI" -> "oracle";
            default -> code.toLowerCase(Locale.ROOT);
        };
    }

    static String providerOfCheckov(String module) {
        String[] parts = module.split("/");
        for (int i = 0; i + 2 < parts.length; i++) {
            if (parts[i].equals("checks")) {
                return provider(parts[i + 2]);
            }
        }
        return "other";
    }
}
