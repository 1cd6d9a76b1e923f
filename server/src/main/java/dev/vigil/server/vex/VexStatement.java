package dev.vigil.server.vex;

import java.util.List;

/**
 * One statement of a VEX document as Vigil applies it: the vulnerability, the package URLs it is about (empty:
 * the whole project), what it says and why.
 */
record VexStatement(String vulnerability, List<String> purls, Verdict verdict, String reason) {

    enum Verdict {
        /** not_affected (and CycloneDX false_positive): a false_positive decision. */
        NOT_AFFECTED,
        /** fixed (CycloneDX resolved): a history note. */
        FIXED,
        /** anything else: ignored. */
        OTHER
    }

    VexStatement {
        purls = List.copyOf(purls);
    }
}
