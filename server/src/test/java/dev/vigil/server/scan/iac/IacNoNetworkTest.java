package dev.vigil.server.scan.iac;

import com.sun.net.httpserver.HttpServer;
import dev.vigil.server.scan.SourceFile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Remote sources named in scanned files stay text: a listener on loopback must receive nothing. */
class IacNoNetworkTest {

    @Test
    void neverFetchesDataSourcesModulesOrRemoteTemplates() throws IOException, InterruptedException {
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            String terraform = """
                    data "http" "x" {
                      url = "%1$s/"
                    }
                    module "remote" {
                      source = "%1$s/m.zip"
                    }
                    module "git" {
                      source = "git::%1$s/repo.git//bucket"
                    }
                    module "outside" {
                      source = "../../../../../../etc"
                    }
                    resource "aws_s3_bucket" "b" {
                      bucket = data.http.x.response_body
                      policy = file("%1$s/policy.json")
                      tags   = { a = templatefile("%1$s/t.tpl", {}), b = module.remote.name, c = file("/etc/hostname") }
                    }
                    """.formatted(base);
            String template = """
                    AWSTemplateFormatVersion: '2010-09-09'
                    Transform:
                      Name: AWS::Include
                      Parameters:
                        Location: %1$s/include.yaml
                    Resources:
                      Nested:
                        Type: AWS::CloudFormation::Stack
                        Properties:
                          TemplateURL: %1$s/nested.yaml
                    """.formatted(base);
            String dockerfile = "FROM alpine:3.20\nADD %1$s/tool.tar.gz /opt/\n".formatted(base);
            var session = new IacScanner().start((code, message, path) -> { });
            session.scan(new SourceFile("main.tf", terraform.getBytes(StandardCharsets.UTF_8)));
            session.scan(new SourceFile("stack.yaml", template.getBytes(StandardCharsets.UTF_8)));
            session.scan(new SourceFile("Dockerfile", dockerfile.getBytes(StandardCharsets.UTF_8)));
            assertThat(session.finish()).isNotEmpty();
            Thread.sleep(200);
            assertThat(requests.get()).isZero();
        } finally {
            server.stop(0);
        }
    }
}
