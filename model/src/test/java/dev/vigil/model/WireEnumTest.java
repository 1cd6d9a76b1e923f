package dev.vigil.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WireEnumTest {

    @Test
    void parsingIgnoresCaseAndSurroundingSpaces() {
        assertThat(WireEnum.parse(Severity.class, " HIGH ")).contains(Severity.HIGH);
        assertThat(WireEnum.parse(FindingStatus.class, "False_Positive")).contains(FindingStatus.FALSE_POSITIVE);
        assertThat(WireEnum.parse(Role.class, null)).isEmpty();
    }

    @Test
    void anUnknownSpellingIsRefusedWithItsTypeInTheMessage() {
        assertThatThrownBy(() -> Severity.of("severe")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Severity").hasMessageContaining("severe");
    }

    @Test
    void scanTypesAcceptExactlyTheSevenSpellingsOfTheSpecification() {
        assertThat(ScanType.values()).extracting(ScanType::wire)
                .containsExactly("full", "sca", "iac", "secrets", "sca,iac", "sca,secrets", "iac,secrets");
        assertThat(ScanType.parseExact("iac,sca")).isEmpty();
        assertThat(ScanType.parseExact("SCA")).isEmpty();
        assertThat(ScanType.FULL.kinds()).containsExactly(ScanKind.SCA, ScanKind.IAC, ScanKind.SECRETS);
        assertThat(ScanType.IAC_SECRETS.runs(ScanKind.SCA)).isFalse();
    }

    @Test
    void severitiesAreOrderedMostSevereFirst() {
        assertThat(Severity.CRITICAL.atLeast(Severity.HIGH)).isTrue();
        assertThat(Severity.LOW.atLeast(Severity.MEDIUM)).isFalse();
        assertThat(Severity.ofScore(9.8)).isEqualTo(Severity.CRITICAL);
        assertThat(Severity.ofScore(7.0)).isEqualTo(Severity.HIGH);
        assertThat(Severity.ofScore(0.0)).isEqualTo(Severity.INFO);
    }

    @Test
    void onlyCompletedAndFailedScansAreFinished() {
        assertThat(ScanStatus.COMPLETED.isFinished()).isTrue();
        assertThat(ScanStatus.FAILED.isFinished()).isTrue();
        assertThat(ScanStatus.RUNNING.isFinished()).isFalse();
        assertThat(ScanStatus.PENDING.isFinished()).isFalse();
    }
}
