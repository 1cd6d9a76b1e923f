package dev.vigil.server.scan.sca.versions;

import dev.vigil.server.scan.sca.Ecosystem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Versions of a hundred thousand components, as a hostile lockfile may hold: java.util.regex recursed once per
 * repetition of a group and overflowed the stack on them. Every scheme now scans them without recursion.
 */
class LongVersionTest {

    private static final String MANY_COMPONENTS = "1" + ".1".repeat(100_000);

    static Stream<Arguments> hostileVersions() {
        return Stream.of(
                Arguments.of(Ecosystem.NPM, MANY_COMPONENTS),
                Arguments.of(Ecosystem.NUGET, MANY_COMPONENTS),
                Arguments.of(Ecosystem.PYPI, MANY_COMPONENTS),
                Arguments.of(Ecosystem.RUBYGEMS, MANY_COMPONENTS),
                Arguments.of(Ecosystem.RUBYGEMS, "1.0-" + "a.".repeat(100_000) + "a"),
                // Composer allows four release components, then any number of suffixes
                Arguments.of(Ecosystem.PACKAGIST, "1.0" + "-b1".repeat(100_000)));
    }

    @ParameterizedTest
    @MethodSource("hostileVersions")
    void shouldTellAndOrderAVersionOfAHundredThousandComponents(Ecosystem ecosystem, String version) {
        VersionScheme scheme = VersionScheme.of(ecosystem);

        assertThat(scheme.isValid(version)).isTrue();
        assertThat(scheme.isValid(version + "!")).isFalse();
        assertThat(scheme.compare(version, "1.2")).isNegative();
        assertThat(scheme.compare(version + ".1", version)).isPositive();
        assertThat(scheme.canonical(version)).isNotEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = Ecosystem.class, names = {"NPM", "NUGET"})
    void shouldDropTrailingZerosOfALongReleaseInOnePass(Ecosystem ecosystem) {
        assertThat(VersionScheme.of(ecosystem).canonical("1" + ".0".repeat(100_000))).isEqualTo("1");
    }
}
