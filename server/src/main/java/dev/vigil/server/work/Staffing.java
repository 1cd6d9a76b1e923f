package dev.vigil.server.work;

/** How many threads of a kind a node runs against how many it is configured to run. */
public record Staffing(String what, int configured, int running) {

    /** Whether every configured thread runs. */
    public boolean full() {
        return running >= configured;
    }

    /** {@code 1 of 2 scan workers running}. */
    public String describe() {
        return running + " of " + configured + " " + what + " running";
    }
}
