package dev.vigil.server.scan.sca;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DependencyChainTest {

    @Test
    void spellsTheStepsFromTheRootAndNamesTheDirectDependency() {
        DependencyPath jsonwebtoken = DependencyPath.root("juice-shop", "6.2.0")
                .then("express-jwt", "0.1.3").then("jsonwebtoken", "0.1.0");

        assertThat(jsonwebtoken.steps()).containsExactly("juice-shop@6.2.0", "express-jwt@0.1.3", "jsonwebtoken@0.1.0");
        assertThat(jsonwebtoken.direct()).isEqualTo("express-jwt@0.1.3");
        assertThat(DependencyPath.root("", "").then("rack", "2.2.3").steps()).containsExactly("(root)", "rack@2.2.3");
    }

    @Test
    void showsNoStepsForAChainLongerThanTheCap() {
        DependencyPath chain = DependencyPath.root("app", "1.0.0");
        for (int i = 1; i < DependencyPath.MAX_STEPS; i++) {
            chain = chain.then("p" + i, "1.0.0");
        }

        assertThat(chain.steps()).hasSize(DependencyPath.MAX_STEPS);
        assertThat(chain.then("one-more", "1.0.0").steps()).isEmpty();
        assertThat(DependencyPath.NONE.then("lodash", "4.17.21").steps()).isEmpty();
    }

    @Test
    void comparesChainsByTheirSteps() {
        DependencyPath a = DependencyPath.root("app", "1.0.0").then("lodash", "4.17.21");
        DependencyPath b = DependencyPath.root("app", "1.0.0").then("lodash", "4.17.21");

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(DependencyPath.root("other", "1.0.0").then("lodash", "4.17.21"));
    }
}
