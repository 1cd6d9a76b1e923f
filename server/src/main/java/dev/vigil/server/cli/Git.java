package dev.vigil.server.cli;

import dev.vigil.server.cli.SubmitCommand.SubmitException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The few git questions {@code vigil submit} asks of the checkout it scans. */
final class Git {

    private Git() {
    }

    static String head(Path dir) throws SubmitException {
        return run(dir, "rev-parse", "HEAD").getFirst();
    }

    static String currentBranch(Path dir) throws SubmitException {
        String branch = run(dir, "rev-parse", "--abbrev-ref", "HEAD").getFirst();
        if (branch.equals("HEAD")) {
            throw new SubmitException("detached HEAD: give --branch");
        }
        return branch;
    }

    /** Files changed on HEAD since it left {@code base}: {@code git diff --name-only BASE...HEAD}. */
    static List<String> changedFiles(Path dir, String base) throws SubmitException {
        if (base.startsWith("-")) {
            throw new SubmitException("--base must be a ref, not an option");
        }
        return run(dir, "diff", "--name-only", "--no-renames", base + "...HEAD");
    }

    private static List<String> run(Path dir, String... args) throws SubmitException {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString(), "-c", "core.quotepath=off"));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new SubmitException("git " + String.join(" ", args) + " failed in " + dir
                        + " (give --branch, --commit or a fetched --base)");
            }
            List<String> lines = output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            if (lines.isEmpty() && !args[0].equals("diff")) {
                throw new SubmitException("git " + String.join(" ", args) + " printed nothing in " + dir);
            }
            return lines;
        } catch (IOException e) {
            throw new SubmitException("git is not available: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SubmitException("interrupted while running git");
        }
    }
}
