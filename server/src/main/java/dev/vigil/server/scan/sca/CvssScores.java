package dev.vigil.server.scan.sca;

import dev.vigil.model.FindingDetail;
import us.springett.cvss.Cvss;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An advisory's CVSS vector with its base score, computed by the CVSS calculator, and its version. */
public final class CvssScores {

    private static final Pattern PREFIX = Pattern.compile("^CVSS:(\\d\\.\\d)/");

    private CvssScores() {
    }

    /**
     * The vector's version ({@code 3.1} from {@code CVSS:3.1/…}; a vector without prefix is version 2.0) and base
     * score; empty for a blank or malformed vector.
     */
    public static Optional<FindingDetail.Cvss> of(String vector) {
        if (vector == null || vector.isBlank()) {
            return Optional.empty();
        }
        try {
            Cvss cvss = Cvss.fromVector(vector);
            if (cvss == null) {
                return Optional.empty();
            }
            Matcher prefix = PREFIX.matcher(vector);
            String version = prefix.find() ? prefix.group(1) : "2.0";
            return Optional.of(new FindingDetail.Cvss(version, vector, cvss.calculateScore().getBaseScore()));
        } catch (RuntimeException malformed) {
            return Optional.empty();
        }
    }
}
