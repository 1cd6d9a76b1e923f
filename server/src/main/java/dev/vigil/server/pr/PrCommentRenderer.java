package dev.vigil.server.pr;

import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.Severity;
import dev.vigil.server.store.PrCommentRepository.ResultRow;
import dev.vigil.server.store.ScanRow;

import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The Markdown of a pull-request comment: a hidden marker (by which later scans find the comment to update),
 * the verdict and why, counts by severity, the introduced findings most severe first (blocking ones marked),
 * the technical debt in the changed files, and a line for whatever was left out to stay under
 * {@value #MAX_CHARS} characters. Text from scanned code is escaped so it cannot break the tables, open HTML
 * or mention people.
 */
public final class PrCommentRenderer {

    public static final int MAX_CHARS = 60_000;
    private static final int FOOTER_RESERVE = 600;
    private static final Comparator<ResultRow> ORDER = Comparator.comparingInt((ResultRow r) -> r.severity().rank())
            .thenComparing(r -> !r.blocking()).thenComparing(ResultRow::path).thenComparingInt(ResultRow::line)
            .thenComparing(ResultRow::ruleId);

    private PrCommentRenderer() {
    }

    public static String marker(UUID projectId, int prId) {
        return "<!-- vigil:pr-comment project=" + projectId + " pr=" + prId + " -->";
    }

    public static String render(ScanRow scan, List<ResultRow> rows, ProjectPolicy policy) {
        List<ResultRow> introduced = rows.stream().filter(ResultRow::introduced).sorted(ORDER).toList();
        List<ResultRow> debt = rows.stream().filter(ResultRow::debt).sorted(ORDER).toList();
        StringBuilder md = new StringBuilder(marker(scan.projectId(), scan.prId())).append('\n');
        verdict(md, scan, policy);
        counts(md, scan);
        int budget = MAX_CHARS - FOOTER_RESERVE;
        int leftIntroduced = section(md, "Introduced findings", introduced, true, budget,
                "No finding is introduced by this change.");
        int leftDebt = scan.changedFiles() == null ? 0 : section(md, "Technical debt in changed files", debt, false,
                budget, "The changed files carry no known open finding.");
        if (leftIntroduced + leftDebt > 0) {
            md.append("\n_Not shown, to keep this comment under 60,000 characters: ").append(leftIntroduced)
                    .append(" introduced and ").append(leftDebt)
                    .append(" debt findings. The scan's SARIF log in Vigil has them all._\n");
        }
        md.append("\n<sub>Vigil scan `").append(scan.id()).append("` of commit `")
                .append(code(shortCommit(scan.commitHash()))).append("`.</sub>\n");
        return md.toString();
    }

    private static void verdict(StringBuilder md, ScanRow scan, ProjectPolicy policy) {
        String rule = "introduced findings of severity **" + policy.blockSeverity().wire() + "** or higher"
                + (policy.blockOnNewSecrets() ? ", and any introduced secret," : "") + " block the merge";
        int blocking = nz(scan.counts().blocking());
        if (scan.isBlocked()) {
            md.append("## :x: Vigil: blocked\n\n").append(blocking)
                    .append(blocking == 1 ? " introduced finding blocks" : " introduced findings block")
                    .append(" this change (marked **blocks** below). Policy: ").append(rule).append(".\n");
        } else {
            md.append("## :white_check_mark: Vigil: not blocked\n\nNo introduced finding blocks this change. Policy: ")
                    .append(rule).append(".\n");
        }
    }

    private static void counts(StringBuilder md, ScanRow scan) {
        ScanRow.Counts n = scan.counts();
        md.append("\n| findings | critical | high | medium | low | info | introduced | debt |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|\n")
                .append("| ").append(n.total()).append(" | ").append(n.critical()).append(" | ").append(n.high())
                .append(" | ").append(n.medium()).append(" | ").append(n.low()).append(" | ").append(n.info())
                .append(" | ").append(nz(n.introduced())).append(" | ")
                .append(n.debt() == null ? "n/a" : n.debt().toString()).append(" |\n");
        if (n.debt() == null) {
            md.append("\nTechnical debt is reported when the scan is given its changed files.\n");
        }
    }

    /** Appends the section; returns how many rows did not fit. */
    private static int section(StringBuilder md, String title, List<ResultRow> rows, boolean withBlocking,
                               int budget, String none) {
        md.append("\n### ").append(title).append(" (").append(rows.size()).append(")\n\n");
        if (rows.isEmpty()) {
            md.append(none).append('\n');
            return 0;
        }
        md.append(withBlocking ? "| | severity | rule | location | fix |\n|---|---|---|---|---|\n"
                : "| severity | rule | location | fix |\n|---|---|---|---|\n");
        int shown = 0;
        for (ResultRow r : rows) {
            String line = row(r, withBlocking);
            if (md.length() + line.length() > budget) {
                break;
            }
            md.append(line);
            shown++;
        }
        return rows.size() - shown;
    }

    private static String row(ResultRow r, boolean withBlocking) {
        StringBuilder line = new StringBuilder("| ");
        if (withBlocking) {
            line.append(r.blocking() ? "**blocks**" : "").append(" | ");
        }
        line.append(severity(r.severity())).append(" | `").append(code(r.ruleId())).append("` ")
                .append(cell(r.title())).append(" | `").append(code(r.path() + ":" + r.line())).append("` | ")
                .append(r.fixAvailable() == null || r.fixAvailable().isBlank() ? "" : cell(r.fixAvailable()))
                .append(" |\n");
        return line.toString();
    }

    private static String severity(Severity severity) {
        return severity.atLeast(Severity.HIGH) ? "**" + severity.wire() + "**" : severity.wire();
    }

    /** Text for a table cell: no line breaks, pipes, HTML or mentions. */
    static String cell(String text) {
        String clipped = text.length() > 300 ? text.substring(0, 300) + "…" : text;
        return clipped.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
                .replace("@", "&#64;").replace("`", "'").replace("*", "\\*").replace("_", "\\_").replace("[", "\\[")
                .replaceAll("[\\r\\n\\t]+", " ");
    }

    /** Text inside a code span: no backticks, pipes or line breaks. */
    static String code(String text) {
        String clipped = text.length() > 300 ? text.substring(0, 300) + "…" : text;
        return clipped.replace("`", "'").replace("|", "\\|").replaceAll("[\\r\\n\\t]+", " ");
    }

    private static String shortCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    private static int nz(Integer value) {
        return value == null ? 0 : value;
    }
}
