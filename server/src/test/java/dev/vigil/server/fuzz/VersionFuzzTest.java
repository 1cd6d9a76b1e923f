package dev.vigil.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vigil.server.scan.sca.Ecosystem;
import dev.vigil.server.scan.sca.versions.VersionScheme;

import java.nio.charset.StandardCharsets;

/**
 * Every ecosystem's version ordering over hostile strings: total, antisymmetric, never throwing, in bounded
 * time. An input is the ecosystem's index in its first byte, then two versions separated by a NUL byte, so
 * that a seed can be written by hand ({@code printf '\x00lodash-version\x001.0' > seed}).
 */
class VersionFuzzTest {

    @FuzzTest
    void versionSchemesCompareAnyTwoStrings(byte[] input) {
        if (input.length == 0) {
            return;
        }
        Ecosystem ecosystem = Ecosystem.values()[Byte.toUnsignedInt(input[0]) % Ecosystem.values().length];
        String text = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
        int split = text.indexOf('\0');
        String a = split < 0 ? text : text.substring(0, split);
        String b = split < 0 ? "" : text.substring(split + 1);
        VersionScheme scheme = VersionScheme.of(ecosystem);
        Fuzzing.withinTime(input.length, () -> {
            scheme.isValid(a);
            scheme.canonical(b);
            scheme.breakingPart(a);
            int forward = Integer.signum(scheme.compare(a, b));
            int backward = Integer.signum(scheme.compare(b, a));
            if (forward != -backward) {
                throw new AssertionError(ecosystem + " orders the two versions both ways");
            }
        });
    }
}
