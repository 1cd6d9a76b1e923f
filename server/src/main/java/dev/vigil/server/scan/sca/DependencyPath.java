package dev.vigil.server.scan.sca;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The chain from a project's root to one package, as {@code name@version} steps: two steps for a direct
 * dependency. Chains share their beginnings (each step points at the one before it), so a lockfile's chains
 * cost one object per package however deep its graph is; {@link #steps} spells one out. {@link #NONE} is the
 * chain of a package whose manifest has no graph (docs/adr/0058-dependency-paths-and-remediation.md).
 */
public final class DependencyPath {

    /** The longest chain spelled out; a longer one (a hostile lockfile, never a real one) shows as none. */
    public static final int MAX_STEPS = 32;

    public static final DependencyPath NONE = new DependencyPath(null, "", 0);

    private final DependencyPath before;
    private final String step;
    private final int length;

    private DependencyPath(DependencyPath before, String step, int length) {
        this.before = before;
        this.step = step;
        this.length = length;
    }

    /** The chain of the project itself: its {@code name@version} (or name alone when it has no version). */
    public static DependencyPath root(String name, String version) {
        Objects.requireNonNull(name, "name");
        return new DependencyPath(null, step(name.isEmpty() ? "(root)" : name, version), 1);
    }

    /** This chain followed by the package {@code name@version}. */
    public DependencyPath then(String name, String version) {
        if (this == NONE) {
            return NONE;
        }
        return new DependencyPath(this, step(name, version), length + 1);
    }

    /** How many steps the chain has, the root included; 0 for {@link #NONE}. */
    public int length() {
        return length;
    }

    /** The steps from the root to the package; empty for {@link #NONE} and beyond {@link #MAX_STEPS} steps. */
    public List<String> steps() {
        if (length == 0 || length > MAX_STEPS) {
            return List.of();
        }
        List<String> steps = new ArrayList<>(length);
        for (DependencyPath at = this; at != null; at = at.before) {
            steps.add(at.step);
        }
        Collections.reverse(steps);
        return List.copyOf(steps);
    }

    /** The direct dependency the chain goes through: its second step, when it has one. */
    public String direct() {
        DependencyPath at = this;
        while (at != null && at.length > 2) {
            at = at.before;
        }
        return at != null && at.length == 2 ? at.step : "";
    }

    private static String step(String name, String version) {
        return version == null || version.isEmpty() ? name : name + "@" + version;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof DependencyPath that) || that.length != length) {
            return false;
        }
        DependencyPath a = this;
        DependencyPath b = that;
        while (a != null && b != null && a != b) {
            if (!a.step.equals(b.step)) {
                return false;
            }
            a = a.before;
            b = b.before;
        }
        return a == b;
    }

    @Override
    public int hashCode() {
        return Objects.hash(step, length);
    }

    @Override
    public String toString() {
        return length > MAX_STEPS ? "(" + length + " steps)" : String.join(" > ", steps());
    }
}
