package dev.vigil.server.scan;

import dev.vigil.model.FindingDetail;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CodeContextTest {

    private static SourceFile file(String text) {
        return new SourceFile("a.txt", text.getBytes(StandardCharsets.UTF_8)).withSecretMasking(SourceFile::text);
    }

    @Test
    void keepsThreeLinesEitherSideOfTheFindingsLine() {
        FindingDetail.Context context = file("1\n2\n3\n4\n5\n6\n7\n8\n9\n").context(5);

        assertThat(context).isEqualTo(new FindingDetail.Context(2, List.of("2", "3", "4", "5", "6", "7", "8")));
    }

    @Test
    void startsAtTheFirstLineNearTheStartAndStopsAtTheLastNearTheEnd() {
        assertThat(file("a\nb\nc\nd\ne\n").context(1).startLine()).isEqualTo(1);
        assertThat(file("a\nb\nc\nd\ne\n").context(1).lines()).containsExactly("a", "b", "c", "d");
        assertThat(file("a\r\nb\r\nc").context(3).lines()).containsExactly("a", "b", "c");
        assertThat(file("a\nb\n").context(3)).isNull();
    }

    @Test
    void masksALongTokenOfLettersAndDigitsThatNoRuleKnows() {
        String awsSecretWithoutItsName = "k9Lm2Np4Qr6St8Uv0Wx1Yz3Ab5Cd7Ef9Gh2Ij4K";
        FindingDetail.Context context = file("<aws>" + awsSecretWithoutItsName + "</aws>\n"
                + "name = configuration_value_for_the_service_name\n" + "x ".repeat(145) + "Ab12".repeat(10)).context(1);

        assertThat(context.lines()).containsExactly("<aws>k9Lm****</aws>",
                "name = configuration_value_for_the_service_name", "x ".repeat(145) + "Ab12****");
    }

    @Test
    void clipsALineToThreeHundredCharactersWithoutSplittingACharacter() {
        String emoji = "\uD83D\uDE00";
        FindingDetail.Context context = file("x".repeat(299) + emoji + "tail\nshort").context(2);

        assertThat(context.lines().getFirst()).isEqualTo("x".repeat(299));
        assertThat(file("y".repeat(500)).context(1).lines().getFirst()).hasSize(300);
    }

    @Test
    void keepsNoContextForABinaryFileOrWithoutMasking() {
        assertThat(file("text\u0000more\n").context(1)).isNull();
        assertThat(new SourceFile("a.txt", "text\n".getBytes(StandardCharsets.UTF_8)).context(1)).isNull();
    }

    @Test
    void keepsNoContextWhenTheMaskingMovesALineOrFails() {
        SourceFile moved = new SourceFile("a.txt", "a\nb\n".getBytes(StandardCharsets.UTF_8))
                .withSecretMasking(f -> "a b\n");
        SourceFile failed = new SourceFile("a.txt", "a\nb\n".getBytes(StandardCharsets.UTF_8))
                .withSecretMasking(f -> {
                    throw new IllegalStateException("engine not loaded");
                });

        assertThat(moved.context(1)).isNull();
        assertThat(failed.context(1)).isNull();
    }
}
