package dev.vigil.server.scan.secrets;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KeywordIndexTest {

    private static final List<SecretRule> RULES = RuleBook.bundled().rules();
    private static final KeywordIndex INDEX = new KeywordIndex(RULES);
    private static final ReferenceKeywords REFERENCE = new ReferenceKeywords(RULES);

    @Test
    void findsKeywordsInEitherCaseAtTheStartAndTheEndOfATextAndOverlapping() {
        assertThat(keywords("GHP_x api")).containsExactly("ghp_", "api");
        assertThat(keywords("PassWord")).containsExactly("passw", "password");
        assertThat(keywords("xoxe.xoxb-")).containsExactly("xoxe.xoxb-", "xoxb");
        assertThat(keywords("a.key")).containsExactly("key");
    }

    @Test
    void findsNothingAcrossABreakOrACharacterBeyondAscii() {
        assertThat(keywords("ke\ny to\u0000ken pass\u00e9word")).isEmpty();
        assertThat(keywords("")).isEmpty();
        assertThat(keywords("ke")).isEmpty();
    }

    @Test
    void findsEveryKeywordOfEveryRuleAsTheReferenceDoes() {
        StringBuilder text = new StringBuilder();
        RULES.forEach(rule -> rule.keywords().forEach(keyword -> text.append(keyword.toUpperCase()).append(' ').append(keyword)));
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);

        assertThat(hits(INDEX, bytes)).isEqualTo(hits(REFERENCE, bytes)).hasSizeGreaterThan(2 * RULES.size());
    }

    static List<String> hits(KeywordFinder finder, byte[] text) {
        List<String> hits = new ArrayList<>();
        finder.find(text, (start, end, rules) -> hits.add(start + "-" + end + " " + Arrays.toString(rules)));
        return hits;
    }

    private static List<String> keywords(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        List<String> found = new ArrayList<>();
        INDEX.find(bytes, (start, end, rules) -> found.add(new String(bytes, start, end - start, StandardCharsets.US_ASCII).toLowerCase()));
        assertThat(hits(INDEX, bytes)).isEqualTo(hits(REFERENCE, bytes));
        return found;
    }
}
