package dev.vigil.server.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;

/** The secrets engine, every rule and the keyword prefilter, over hostile text. */
class SecretsFuzzTest {

    @FuzzTest
    void anyText(byte[] input) {
        Engines.secrets("config/settings.env", input);
    }
}
