package dev.vigil.server.scan.iac;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReadersTest {

    @Test
    void readsEveryDocumentOfAKubernetesStreamWithLines() {
        IacFile file = new IacFile("k8s.yaml");
        for (Node document : TreeReader.yaml("""
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: web
                  namespace: shop
                spec:
                  template:
                    spec:
                      initContainers:
                        - name: init
                          image: busybox:1.36
                      containers:
                        - name: app
                          image: nginx:1.27
                ---
                apiVersion: batch/v1
                kind: CronJob
                metadata:
                  name: nightly
                spec:
                  jobTemplate:
                    spec:
                      template:
                        spec:
                          containers:
                            - name: job
                              image: job:2
                """)) {
            KubernetesReader.read(document, file);
        }
        assertThat(file.resources()).extracting(IacResource::address).contains(
                "Deployment/shop/web/container:app", "Deployment/shop/web/initContainer:init",
                "CronJob/default/nightly/container:job");
        IacResource app = file.module().ofType("k8s_container").stream()
                .filter(resource -> resource.address().endsWith("container:app")).findFirst().orElseThrow();
        assertThat(app.line()).isEqualTo(13);
        assertThat(app.body().get("image").orElseThrow().line()).isEqualTo(14);
        assertThat(Check.nodes(app, "$pod.initContainers")).hasSize(1);
    }

    @Test
    void keepsCloudFormationTagsAsExpressionsAndReadsJsonTemplates() {
        Node yaml = TreeReader.yaml("""
                AWSTemplateFormatVersion: '2010-09-09'
                Resources:
                  Data:
                    Type: AWS::S3::Bucket
                    Properties:
                      BucketName: !Sub '${AWS::StackName}-data'
                      Tags:
                        - Key: arn
                          Value: !GetAtt Key.Arn
                      Other: !If [IsProd, !Ref Prod, !Ref AWS::NoValue]
                """).getFirst();
        IacFile file = new IacFile("template.yaml");
        assertThat(CloudFormationReader.isTemplate(yaml)).isTrue();
        CloudFormationReader.read(yaml, file);
        IacResource bucket = file.resources().getFirst();
        assertThat(bucket.address()).isEqualTo("Resources.Data");
        assertThat(bucket.line()).isEqualTo(3);
        Node name = bucket.body().get("BucketName").orElseThrow();
        assertThat(name.isExpression()).isTrue();
        assertThat(name.text()).startsWith("!Sub");
        assertThat(bucket.body().resolve("Tags.Value").getFirst().text()).isEqualTo("!GetAtt Key.Arn");

        Node json = TreeReader.json("""
                {"Resources": {"Key": {"Type": "AWS::KMS::Key",
                  "Properties": {"EnableKeyRotation": false}}}}
                """).getFirst();
        IacFile jsonFile = new IacFile("template.json");
        CloudFormationReader.read(json, jsonFile);
        assertThat(jsonFile.resources().getFirst().body().get("EnableKeyRotation").orElseThrow().text()).isEqualTo("false");
    }

    @Test
    void neverExpandsYamlAliases() {
        StringBuilder bomb = new StringBuilder("apiVersion: v1\nkind: ConfigMap\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        char previous = 'a';
        for (char c = 'b'; c <= 'k'; c++) {
            bomb.append(c).append(": &").append(c).append(" [*").append(previous).append(",*").append(previous)
                    .append(",*").append(previous).append(",*").append(previous).append("]\n");
            previous = c;
        }
        List<Node> documents = TreeReader.yaml(bomb.toString());
        assertThat(documents).hasSize(1);
        assertThat(documents.getFirst().get("k").orElseThrow().items()).hasSize(4);
    }

    @Test
    void turnsMalformedYamlIntoAParseException() {
        assertThatThrownBy(() -> TreeReader.yaml("apiVersion: v1\nkind: Pod\nspec: [unclosed\n"))
                .isInstanceOf(IacParseException.class);
        assertThatThrownBy(() -> TreeReader.json("{\"Resources\": "))
                .isInstanceOf(IacParseException.class);
    }

    @Test
    void joinsDockerfileContinuationsAndSplitsStages() {
        IacFile file = DockerfileReader.read("Dockerfile", """
                # syntax=docker/dockerfile:1
                ARG VERSION=1.23
                FROM golang:${VERSION} AS build
                RUN apt-get update \\
                    # a comment inside the continuation
                    && apt-get install -y git \\
                    && rm -rf /var/lib/apt/lists/*
                FROM alpine:3.20
                COPY --from=build /app /app
                USER app
                """);
        assertThat(file.resources()).extracting(IacResource::address)
                .containsExactly("Dockerfile stage 0", "Dockerfile stage 1");
        List<Node> first = file.resources().getFirst().body().resolve("instructions").getFirst().items();
        assertThat(first).extracting(node -> node.textOf("cmd")).containsExactly("ARG", "FROM", "RUN");
        Node run = first.get(2);
        assertThat(run.line()).isEqualTo(4);
        assertThat(run.textOf("args")).contains("apt-get install -y git").doesNotContain("comment");
        assertThat(file.resources().get(1).body().textOf("final")).isEqualTo("true");
        assertThat(file.resources().getFirst().body().textOf("name")).isEqualTo("build");
    }
}
