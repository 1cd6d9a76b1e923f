package dev.vigil.server.nodes;

import dev.vigil.client.ScanArchive;
import dev.vigil.client.ScanSubmission;
import dev.vigil.model.Project;
import dev.vigil.model.ScanType;
import dev.vigil.server.ServerSettings;
import dev.vigil.server.testing.Archives;
import dev.vigil.server.testing.MutableClock;
import dev.vigil.server.testing.PostgresDatabase;
import dev.vigil.server.testing.TestServer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;

/**
 * Nodes in one JVM over one fresh PostgreSQL database, as behind a load balancer, for the cross-node tests:
 * one per test; closing it stops its nodes and drops the database.
 */
final class NodesOnOneDatabase implements AutoCloseable {

    private static final byte[] ARCHIVE = Archives.tarGz(Map.of("notes.txt", "nothing secret here\n"));

    private final PostgresDatabase database = PostgresDatabase.create();
    private final List<TestServer> nodes = new ArrayList<>();
    private final MutableClock clock;

    NodesOnOneDatabase(MutableClock clock) {
        this.clock = clock;
    }

    PostgresDatabase database() {
        return database;
    }

    /** A new node on the database with {@code workers} scan workers and the clock, its settings changed by more. */
    TestServer node(int workers, UnaryOperator<ServerSettings> more) {
        TestServer node = TestServer.onPostgres(database, s -> more.apply(s.withWorkers(workers).withClock(clock)));
        nodes.add(node);
        return node;
    }

    @Override
    public void close() {
        nodes.forEach(TestServer::close);
        database.close();
    }

    /** The n-th scan of a small archive with no secret in it, on the project's default branch. */
    static ScanSubmission submission(Project project, int n) {
        return ScanSubmission.of(ScanArchive.of(ARCHIVE), project.id(), "main", String.format("%040x", n),
                ScanType.SECRETS);
    }

    /** Runs every task at the same instant on its own thread and returns their results in order. */
    static <T> List<T> together(List<Callable<T>> tasks) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        }
    }
}
