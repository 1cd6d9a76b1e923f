package dev.vigil.server.pipeline;

/** Where the pipeline reports how long each scan took: {@code ops.Metrics} on a node. */
public interface ScanMetrics {

    void scanFinished(double seconds);
}
