package dev.vigil.server.scan.iac;

import java.util.List;

/** A top-level block of a Terraform file: {@code resource "aws_s3_bucket" "data" { … }}. */
record HclBlock(String type, List<String> labels, int line, Node body) {

    HclBlock {
        labels = List.copyOf(labels);
    }

    String label(int index) {
        return index < labels.size() ? labels.get(index) : "";
    }
}
