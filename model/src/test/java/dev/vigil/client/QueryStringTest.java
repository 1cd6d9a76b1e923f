package dev.vigil.client;

import dev.vigil.model.FindingFilter;
import dev.vigil.model.Severity;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class QueryStringTest {

    @Test
    void encodesSpacesAsPercentTwentyAndReservedCharactersAsEscapes() {
        assertThat(QueryString.encode("a b+c&d=e/f?g#h%i")).isEqualTo("a%20b%2Bc%26d%3De%2Ff%3Fg%23h%25i");
    }

    @Test
    void encodesNonAsciiTextAsUtf8() {
        assertThat(QueryString.encode("ünï€")).isEqualTo("%C3%BCn%C3%AF%E2%82%AC");
    }

    @Test
    void leavesOutAbsentValues() {
        String path = new QueryString().add("a", null).add("b", Optional.empty()).page(null, null).appendTo("/p");

        assertThat(path).isEqualTo("/p");
    }

    @Test
    void listsSeveritiesMostSevereFirstWhateverTheOrderGiven() {
        FindingFilter filter = FindingFilter.none().withSeverities(Set.of(Severity.INFO, Severity.MEDIUM, Severity.CRITICAL));

        assertThat(QueryString.of(filter).toString())
                .isEqualTo("severity%5B%5D=critical&severity%5B%5D=medium&severity%5B%5D=info");
    }

    @Test
    void dropsABlankSearch() {
        assertThat(QueryString.of(FindingFilter.none().withSearch("   ")).toString()).isEmpty();
    }
}
