package dev.vigil.server.scan.sca.parsers;

import dev.vigil.server.scan.sca.Dependency;
import dev.vigil.server.scan.sca.Ecosystem;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;

import static dev.vigil.server.scan.sca.parsers.Manifests.file;
import static dev.vigil.server.scan.sca.parsers.Manifests.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

class PomParserTest {

    private static final String PARENT = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.example</groupId>
              <artifactId>parent</artifactId>
              <version>1.0.0</version>
              <packaging>pom</packaging>
              <properties>
                <jackson.version>2.9.8</jackson.version>
                <log4j.version>2.14.1</log4j.version>
              </properties>
              <dependencyManagement>
                <dependencies>
                  <dependency>
                    <groupId>com.fasterxml.jackson.core</groupId>
                    <artifactId>jackson-databind</artifactId>
                    <version>${jackson.version}</version>
                  </dependency>
                  <dependency>
                    <groupId>org.apache.logging.log4j</groupId>
                    <artifactId>log4j-core</artifactId>
                    <version>${log4j.version}</version>
                  </dependency>
                </dependencies>
              </dependencyManagement>
            </project>
            """;

    private static final String CHILD = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <parent>
                <groupId>com.example</groupId>
                <artifactId>parent</artifactId>
                <version>1.0.0</version>
              </parent>
              <artifactId>web</artifactId>
              <properties>
                <log4j.version>2.17.1</log4j.version>
                <spring.version>5.3.${spring.patch}</spring.version>
                <spring.patch>18</spring.patch>
              </properties>
              <dependencyManagement>
                <dependencies>
                  <dependency>
                    <groupId>commons-io</groupId>
                    <artifactId>commons-io</artifactId>
                    <version>2.6</version>
                    <scope>test</scope>
                  </dependency>
                </dependencies>
              </dependencyManagement>
              <dependencies>
                <dependency>
                  <groupId>com.fasterxml.jackson.core</groupId>
                  <artifactId>jackson-databind</artifactId>
                </dependency>
                <dependency>
                  <groupId>org.apache.logging.log4j</groupId>
                  <artifactId>log4j-core</artifactId>
                </dependency>
                <dependency>
                  <groupId>org.springframework</groupId>
                  <artifactId>spring-core</artifactId>
                  <version>${spring.version}</version>
                </dependency>
                <dependency>
                  <groupId>commons-io</groupId>
                  <artifactId>commons-io</artifactId>
                </dependency>
                <dependency>
                  <groupId>${project.groupId}</groupId>
                  <artifactId>core</artifactId>
                  <version>${project.version}</version>
                </dependency>
                <dependency>
                  <groupId>org.junit.jupiter</groupId>
                  <artifactId>junit-jupiter</artifactId>
                  <version>5.10.0</version>
                  <scope>test</scope>
                </dependency>
                <dependency>
                  <groupId>org.example</groupId>
                  <artifactId>managed-elsewhere</artifactId>
                </dependency>
              </dependencies>
              <build>
                <plugins>
                  <plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <version>3.11.0</version>
                  </plugin>
                </plugins>
              </build>
            </project>
            """;

    @Test
    void resolvesVersionsThroughPropertiesAndDependencyManagementOfTheParentInTheArchive() {
        List<Dependency> found = parse(file("web/pom.xml", CHILD), file("pom.xml", PARENT));

        assertThat(found).extracting(Dependency::name, Dependency::version, Dependency::line, Dependency::dev)
                .containsExactly(
                        tuple("com.fasterxml.jackson.core:jackson-databind", "2.9.8", 26, false),
                        tuple("org.apache.logging.log4j:log4j-core", "2.17.1", 30, false),
                        tuple("org.springframework:spring-core", "5.3.18", 34, false),
                        tuple("commons-io:commons-io", "2.6", 39, true),
                        tuple("com.example:core", "1.0.0", 43, false),
                        tuple("org.junit.jupiter:junit-jupiter", "5.10.0", 48, true));
        assertThat(found).allMatch(d -> d.ecosystem() == Ecosystem.MAVEN && d.direct()
                && d.manifestPath().equals("web/pom.xml"));
    }

    @Test
    void findsTheParentByAnExplicitRelativePathToADirectory() {
        String child = CHILD.replace("<version>1.0.0</version>\n  </parent>",
                "<version>1.0.0</version>\n    <relativePath>../build/parent</relativePath>\n  </parent>");

        List<Dependency> found = parse(file("web/pom.xml", child), file("build/parent/pom.xml", PARENT));

        assertThat(found).extracting(Dependency::name, Dependency::version)
                .contains(tuple("com.fasterxml.jackson.core:jackson-databind", "2.9.8"));
    }

    @Test
    void skipsDependenciesManagedOutsideTheArchiveSilently() {
        List<Dependency> found = parse(file("web/pom.xml", CHILD));

        assertThat(found).extracting(Dependency::name, Dependency::version).containsExactly(
                tuple("org.springframework:spring-core", "5.3.18"), tuple("commons-io:commons-io", "2.6"),
                tuple("com.example:core", "1.0.0"), tuple("org.junit.jupiter:junit-jupiter", "5.10.0"));
    }

    @Test
    void skipsAnUnresolvablePropertyWithAWarning() {
        String pom = """
                <project>
                  <dependencies>
                    <dependency>
                      <groupId>com.fasterxml.jackson.core</groupId>
                      <artifactId>jackson-databind</artifactId>
                      <version>${jackson.version}</version>
                    </dependency>
                  </dependencies>
                </project>
                """;
        Manifests.Collected warnings = new Manifests.Collected();

        assertThat(Manifests.parse(warnings, file("web/pom.xml", pom))).isEmpty();
        assertThat(warnings.all).singleElement().satisfies(w -> {
            assertThat(w.code()).isEqualTo("MANIFEST_VERSION_UNRESOLVED");
            assertThat(w.path()).isEqualTo("web/pom.xml");
            assertThat(w.message()).contains("line 3").doesNotContain("jackson");
        });
    }

    @Test
    void rejectsABillionLaughsPomWithAWarningAndNoExpansion() {
        String laughs = """
                <?xml version="1.0"?>
                <!DOCTYPE project [
                  <!ENTITY lol "lol">
                  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
                  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
                  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
                  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
                ]>
                <project><dependencies><dependency>
                  <groupId>a</groupId><artifactId>&lol9;</artifactId><version>1</version>
                </dependency></dependencies></project>
                """;
        Manifests.Collected warnings = new Manifests.Collected();

        assertThat(Manifests.parse(warnings, file("pom.xml", laughs))).isEmpty();
        assertThat(warnings.codes()).containsExactly("MANIFEST_UNPARSEABLE");
        assertThat(warnings.all.getFirst().message()).hasSizeLessThan(400).doesNotContain("lollol");
    }

    @Test
    void neverFetchesAnExternalEntityFromTheFileSystemOrTheNetwork() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + listener.getLocalPort() + "/evil.dtd";
            String xxe = """
                    <?xml version="1.0"?>
                    <!DOCTYPE project SYSTEM "%s" [
                      <!ENTITY secret SYSTEM "file:///etc/hostname">
                      <!ENTITY remote SYSTEM "%s">
                    ]>
                    <project><dependencies><dependency>
                      <groupId>a</groupId><artifactId>&secret;&remote;</artifactId><version>1</version>
                    </dependency></dependencies></project>
                    """.formatted(url, url);
            Manifests.Collected warnings = new Manifests.Collected();

            assertThat(Manifests.parse(warnings, file("pom.xml", xxe))).isEmpty();
            assertThat(warnings.codes()).containsExactly("MANIFEST_UNPARSEABLE");
            listener.setSoTimeout(300);
            assertThat(accepted(listener)).as("a connection to the entity's URL").isFalse();
        }
    }

    private static boolean accepted(ServerSocket listener) throws IOException {
        try (var ignored = listener.accept()) {
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    @Test
    void reportsMalformedXmlAsAWarning() {
        Manifests.Collected warnings = new Manifests.Collected();

        assertThat(Manifests.parse(warnings, file("svc/pom.xml", "<project><dependencies>"))).isEmpty();
        assertThat(warnings.all).extracting(Manifests.Warning::code, Manifests.Warning::path)
                .containsExactly(tuple("MANIFEST_UNPARSEABLE", "svc/pom.xml"));
    }

    @Test
    void leavesSelfReferentialPropertiesUnresolved() {
        String pom = """
                <project>
                  <properties><a>${b}</a><b>${a}</b></properties>
                  <dependencies>
                    <dependency><groupId>g</groupId><artifactId>x</artifactId><version>${a}</version></dependency>
                  </dependencies>
                </project>
                """;
        Manifests.Collected warnings = new Manifests.Collected();

        assertThat(Manifests.parse(warnings, file("pom.xml", pom))).isEmpty();
        assertThat(warnings.codes()).containsExactly("MANIFEST_VERSION_UNRESOLVED");
    }

    @Test
    void interpolatesAnExponentialPropertyChainInLinearTime() {
        StringBuilder properties = new StringBuilder("<p0></p0>");
        for (int i = 1; i <= 30; i++) {
            properties.append("<p").append(i).append('>').append(("${p" + (i - 1) + "}").repeat(40))
                    .append("</p").append(i).append('>');
        }
        String pom = """
                <project>
                  <properties>%s</properties>
                  <dependencies>
                    <dependency><groupId>g</groupId><artifactId>x</artifactId><version>1${p30}</version></dependency>
                  </dependencies>
                </project>
                """.formatted(properties);

        List<Dependency> found = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> parse(file("pom.xml", pom)));

        assertThat(found).extracting(Dependency::version).containsExactly("1");
    }

    @Test
    void neverLooksForAParentOutsideTheArchive() {
        String child = CHILD.replace("<version>1.0.0</version>\n  </parent>",
                "<version>1.0.0</version>\n    <relativePath>../../../../etc/pom.xml</relativePath>\n  </parent>");

        List<Dependency> found = parse(file("web/pom.xml", child), file("pom.xml", PARENT));

        assertThat(found).extracting(Dependency::name).doesNotContain("com.fasterxml.jackson.core:jackson-databind");
        assertThat(ManifestFiles.normalise("web/../../pom.xml")).isEmpty();
        assertThat(ManifestFiles.normalise("web/./a/../pom.xml")).contains("web/pom.xml");
    }
}
