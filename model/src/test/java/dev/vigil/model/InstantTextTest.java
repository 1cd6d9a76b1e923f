package dev.vigil.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class InstantTextTest {

    @ParameterizedTest
    @ValueSource(strings = {"2025-01-01T10:00:00Z", "1970-01-01T00:00:00Z", "2026-11-23T23:59:59.999999999Z",
            "2024-02-29T12:00:00.100Z", "2024-02-29T12:00:00.000100Z", "2024-02-29T12:00:00.000000100Z",
            "1969-12-31T23:59:59.500Z", "0001-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "+10000-01-01T00:00:00Z", "-0001-12-31T23:59:59Z"})
    void writesWhatInstantToStringWrites(String text) {
        Instant instant = Instant.parse(text);

        assertThat(InstantText.of(instant)).isEqualTo(instant.toString()).isEqualTo(text);
    }

    @Test
    void agreesWithInstantToStringOnRandomInstantsOfEveryPrecision() {
        SplittableRandom random = new SplittableRandom(23);
        for (int i = 0; i < 100_000; i++) {
            long seconds = random.nextLong(-62_167_219_200L, 253_402_300_800L);  // years 0 to 9999
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1_000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(seconds, nanos);

            assertThat(InstantText.of(instant)).as("%d s %d ns", seconds, nanos).isEqualTo(instant.toString());
        }
    }

    @Test
    void theApiMappingWritesInstantsWithItAndStillReadsThem() throws Exception {
        Instant instant = Instant.parse("2026-11-23T21:08:25.120Z");

        assertThat(Json.mapper().getSerializerProviderInstance().findValueSerializer(Instant.class))
                .isInstanceOf(InstantText.Serializer.class);
        assertThat(Json.mapper().writeValueAsString(instant)).isEqualTo("\"2026-11-23T21:08:25.120Z\"");
        assertThat(Json.mapper().readValue("\"2026-11-23T21:08:25.120Z\"", Instant.class)).isEqualTo(instant);
    }
}
