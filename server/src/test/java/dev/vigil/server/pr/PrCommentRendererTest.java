package dev.vigil.server.pr;

import dev.vigil.model.ProjectPolicy;
import dev.vigil.model.ScanKind;
import dev.vigil.model.ScanStatus;
import dev.vigil.model.ScanType;
import dev.vigil.model.Severity;
import dev.vigil.server.store.PrCommentRepository.ResultRow;
import dev.vigil.server.store.ScanRow;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class PrCommentRendererTest {

    private static final UUID PROJECT = UUID.fromString("00000000-0000-4000-8000-000000000001");

    private static ScanRow scan(int introduced, Integer debt, int blocking, String changedFiles) {
        return ScanRow.builder(UUID.randomUUID(), UUID.randomUUID(), PROJECT)
                .projectName("shop")
                .commit("feature", "b".repeat(40))
                .scanType(ScanType.FULL)
                .status(ScanStatus.COMPLETED)
                .pullRequest(42, changedFiles)
                .started(0L, 1)
                .completedAt(0L)
                .counts(new ScanRow.Counts(1, 1, 0, 0, 0, introduced, debt, blocking), blocking > 0)
                .prCommentStatus("pending")
                .build();
    }

    private static ResultRow row(Severity severity, String path, boolean introduced, boolean blocking) {
        return new ResultRow("fp_v1:" + path, "rule-" + severity.wire(), "Title of " + path, severity,
                ScanKind.IAC, path, 3, "set encrypted = true", introduced, !introduced, blocking);
    }

    @Test
    void shouldStartWithTheMarkerAndListIntroducedFindingsMostSevereFirst() {
        String md = PrCommentRenderer.render(scan(2, 1, 1, "[]"), List.of(
                row(Severity.LOW, "low.tf", true, false),
                row(Severity.CRITICAL, "crit.tf", true, true),
                row(Severity.MEDIUM, "debt.tf", false, false)), new ProjectPolicy(Severity.HIGH, true));

        assertThat(md).startsWith("<!-- vigil:pr-comment project=" + PROJECT + " pr=42 -->\n");
        assertThat(md).contains("Vigil: blocked").contains("1 introduced finding blocks")
                .contains("severity **high** or higher, and any introduced secret, block the merge");
        assertThat(md.indexOf("crit.tf")).isLessThan(md.indexOf("low.tf"));
        assertThat(md).contains("| **blocks** | **critical** | `rule-critical` Title of crit.tf | `crit.tf:3` | set encrypted = true |");
        assertThat(md).contains("### Technical debt in changed files (1)").contains("`debt.tf:3`");
        assertThat(md).doesNotContain("Not shown");
    }

    @Test
    void shouldEscapeTextThatCouldBreakTheTableOrMentionPeople() {
        ResultRow hostile = new ResultRow("fp", "r|1", "<img src=x> @everyone | pipe\nnew line ghp_****", Severity.HIGH,
                ScanKind.SECRETS, "a`b|c.env", 1, null, true, false, true);

        String md = PrCommentRenderer.render(scan(1, null, 1, null), List.of(hostile), ProjectPolicy.defaults());

        assertThat(md).contains("&lt;img src=x&gt; &#64;everyone \\| pipe new line ghp\\_\\*\\*\\*\\*").contains("`a'b\\|c.env:1`")
                .doesNotContain("<img").doesNotContain("@everyone");
    }

    @Test
    void shouldStayUnderSixtyThousandCharactersAndSayWhatWasLeftOut() {
        List<ResultRow> rows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            rows.add(row(Severity.HIGH, "dir/file-" + i + ".tf", true, true));
            rows.add(row(Severity.LOW, "old/file-" + i + ".tf", false, false));
        }

        String md = PrCommentRenderer.render(scan(3000, 3000, 3000, "[]"), rows, ProjectPolicy.defaults());

        assertThat(md.length()).isLessThan(PrCommentRenderer.MAX_CHARS);
        assertThat(md).containsPattern("Not shown, to keep this comment under 60,000 characters: \\d+ introduced and 3000 debt findings");
    }
}
