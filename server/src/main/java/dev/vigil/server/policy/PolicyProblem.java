package dev.vigil.server.policy;

/**
 * Why a policy entry or comment is not applied: its 1-based {@code line} and words of our own that never
 * quote the file beyond a rule id.
 */
public record PolicyProblem(String path, int line, String message) {

    public static final String CODE = "POLICY_INVALID";

    /** The text of the scan warning. */
    public String warning() {
        return "Line " + line + ": " + message;
    }
}
