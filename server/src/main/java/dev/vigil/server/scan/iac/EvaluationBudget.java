package dev.vigil.server.scan.iac;

/**
 * What one scan's Terraform evaluation may spend, in units of a value node made or an expression evaluated
 * (a string costs one unit per 32 characters), and how deep evaluation may nest (references within
 * references, modules within modules). Once spent, every further value is unknown and files are checked as
 * written: hostile input costs time and memory in proportion to its size
 * (docs/adr/0055-terraform-evaluated-at-the-end-of-the-scan.md).
 */
final class EvaluationBudget {

    /** Nested evaluations (an expression's parts, references followed) before a value is unknown. */
    static final int MAX_DEPTH = 200;
    /** Units every scan may spend, however small its Terraform. */
    static final long BASE = 200_000;
    /** Units per character of Terraform read. */
    static final long PER_CHARACTER = 2;
    /** Units no scan exceeds, however large. */
    static final long CEILING = 20_000_000;

    private long remaining;
    private int depth;

    EvaluationBudget(long units) {
        this.remaining = units;
    }

    /** The budget of a scan that read {@code characters} of Terraform. */
    static EvaluationBudget forCharacters(long characters) {
        return new EvaluationBudget(Math.min(CEILING, BASE + PER_CHARACTER * characters));
    }

    /** Spends {@code units}; false once the budget is spent. */
    boolean spend(long units) {
        remaining -= units;
        return remaining >= 0;
    }

    boolean spent() {
        return remaining < 0;
    }

    /** Enters one level of nesting; false (and nothing entered) at the limit. */
    boolean enter() {
        if (depth >= MAX_DEPTH) {
            return false;
        }
        depth++;
        return true;
    }

    void exit() {
        depth--;
    }
}
