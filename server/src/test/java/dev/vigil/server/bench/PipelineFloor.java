package dev.vigil.server.bench;

import dev.vigil.server.scan.secrets.SecretsScanner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The cheapest passes over a {@link PipelineCorpus}, measured with the machine's own tools: the keyword pass
 * ({@code grep -c -F -i -f KEYWORDS -r} over the tree with the secrets engine's own keyword list, in the C
 * locale, where GNU grep compares bytes) and {@code tar -xzf} of the archive into an empty folder.
 */
final class PipelineFloor implements AutoCloseable {

    private final PipelineCorpus corpus;
    private final Path keywordFile;
    private final Path untarred;
    private final int keywords;

    PipelineFloor(PipelineCorpus corpus) throws IOException {
        this.corpus = corpus;
        List<String> words = List.copyOf(SecretsScanner.bundledKeywords());
        this.keywords = words.size();
        this.keywordFile = Files.createTempFile("vigil-keywords", ".txt");
        Files.write(keywordFile, words);
        this.untarred = Files.createTempDirectory("vigil-untar");
    }

    int keywords() {
        return keywords;
    }

    /** Seconds of one keyword pass over the tree (grep exits 1 only when no line matches). */
    double keywordPass() throws IOException, InterruptedException {
        Commands.Result result = Commands.run(List.of("env", "LC_ALL=C", "grep", "-c", "-F", "-i", "-f",
                keywordFile.toString(), "-r", corpus.tree().toString()), 10, TimeUnit.MINUTES);
        if (result.exit() > 1) {
            throw new IOException("grep exited with " + result.exit() + ": " + result.output());
        }
        return result.seconds();
    }

    /** Seconds of one {@code tar -xzf} of the archive into an empty folder. */
    double untar() throws IOException, InterruptedException {
        Commands.deleteTree(untarred);
        Files.createDirectories(untarred);
        return Commands.run(List.of("tar", "-xzf", corpus.archive().toString(), "-C", untarred.toString()))
                .seconds();
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(keywordFile);
        Commands.deleteTree(untarred);
    }
}
