package dev.vigil.server.api;

import dev.vigil.model.Finding;
import dev.vigil.model.FindingDetail;
import dev.vigil.server.advisories.AdvisoryRepository;
import dev.vigil.server.scan.RuleHelp;
import dev.vigil.server.scan.sca.Advisory;
import dev.vigil.server.scan.sca.AdvisoryPages;
import dev.vigil.server.scan.sca.CvssScores;
import dev.vigil.server.store.DependencyColumns;
import dev.vigil.server.store.FindingRepository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the detail of a finding adds to it (docs/adr/0057-finding-context-kept-at-scan-time.md): the code kept
 * around it at its last scan; for SCA the advisory's pages and CVSS, the dependency path and remediation
 * (docs/adr/0058-dependency-paths-and-remediation.md); for IaC and secrets the URLs of the rule's help.
 */
public final class FindingDetails {

    private final AdvisoryRepository advisories;
    private final Function<String, Optional<RuleHelp>> ruleHelp;

    /**
     * @param ruleHelp the help of an IaC or secrets rule by its id, empty for an unknown rule or one without help
     */
    public FindingDetails(AdvisoryRepository advisories, Function<String, Optional<RuleHelp>> ruleHelp) {
        this.advisories = advisories;
        this.ruleHelp = ruleHelp;
    }

    /** The detail of a finding read with its context and dependency columns ({@link FindingRepository#detail}). */
    public FindingDetail of(Connection c, FindingRepository.Detailed stored) throws SQLException {
        Finding finding = stored.finding();
        return switch (finding.scanType()) {
            case SCA -> dependency(c, finding, stored.context(), stored.dependency());
            case IAC, SECRETS -> new FindingDetail(finding, stored.context(),
                    ruleHelp.apply(finding.ruleId()).map(RuleHelp::urls).orElse(List.of()), null, null, null);
        };
    }

    private FindingDetail dependency(Connection c, Finding finding, FindingDetail.Context context,
                                     DependencyColumns.Stored dependency) throws SQLException {
        String shown = finding.ruleId();
        Optional<Advisory> advisory = advisories.find(c, shown);
        List<String> references = advisory
                .map(a -> AdvisoryPages.of(shown, a.allIds().stream().filter(id -> !id.equals(shown)).toList(),
                        a.references()))
                .orElseGet(() -> AdvisoryPages.of(shown, List.of(), List.of()));
        FindingDetail.Cvss cvss = advisory.flatMap(a -> CvssScores.of(a.cvssVector())).orElse(null);
        return new FindingDetail(finding, context, references, cvss, dependency.path(), dependency.remediation());
    }
}
