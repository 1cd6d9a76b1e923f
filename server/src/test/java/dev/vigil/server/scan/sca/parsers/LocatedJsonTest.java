package dev.vigil.server.scan.sca.parsers;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class LocatedJsonTest {

    @Test
    void shouldKeepPointersOfAtMostEightCharactersPerCharacterOfTheDocument() throws IOException {
        String members = IntStream.range(0, 100_000).mapToObj(i -> "\"k" + i + "\":1").collect(Collectors.joining(","));
        String json = "{\"" + "x".repeat(4000) + "\": {" + members + "}}";

        LocatedJson located = LocatedJson.parse(json);

        long kept = located.lines().keySet().stream().mapToLong(String::length).sum();
        assertThat(kept).isLessThanOrEqualTo(8L * json.length());
        assertThat(located.root().path("x".repeat(4000)).size()).isEqualTo(100_000);
    }

    @Test
    void shouldLocateMembersOfOrdinaryDocuments() throws IOException {
        LocatedJson located = LocatedJson.parse("{\n  \"packages\": {\n    \"a\": {\"version\": \"1\"}\n  }\n}");

        assertThat(located.line(LocatedJson.pointer("packages", "a"))).isEqualTo(3);
        assertThat(located.line(LocatedJson.pointer("packages", "a", "version"))).isEqualTo(3);
    }
}
