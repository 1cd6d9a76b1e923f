package dev.vigil.server.pipeline;

/** Where the pipeline reports how long each scan and each of its stages took: {@code ops.Metrics} on a node. */
public interface ScanMetrics {

    void scanFinished(double seconds);

    /** One scan spent {@code seconds} in {@code stage}. */
    void stageTook(ScanStage stage, double seconds);
}
