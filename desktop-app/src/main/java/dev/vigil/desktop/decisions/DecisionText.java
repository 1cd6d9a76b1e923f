package dev.vigil.desktop.decisions;

import dev.vigil.model.Decision;
import dev.vigil.model.DecisionScope;

import java.util.ArrayList;
import java.util.List;

/** How a decision reads in a table cell or a message. */
public final class DecisionText {

    private DecisionText() {
    }

    public static String scope(Decision decision) {
        return scope(decision.scope());
    }

    /** {@code rule CKV_AWS_20 · path infra/** · one project}; "every project" when it has none. */
    public static String scope(DecisionScope scope) {
        List<String> parts = new ArrayList<>();
        if (scope.ruleId() != null) {
            parts.add("rule " + scope.ruleId());
        }
        if (scope.packageUrl() != null) {
            parts.add("package " + scope.packageUrl());
        }
        if (scope.path() != null) {
            parts.add("path " + scope.path());
        }
        parts.add(scope.projectId() == null ? "every project" : "one project");
        return String.join(" · ", parts);
    }
}
