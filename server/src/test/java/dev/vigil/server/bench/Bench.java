package dev.vigil.server.bench;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The entry point of the benchmarks ({@code ./bench}): {@code Bench secrets|archive|scan|pipeline|peers|findings|export|json|merge|iac|sca|noise|all
 * [args]}. Each benchmark prints its environment and short tables. Benchmarks run on demand only: none is a
 * test, none asserts a time.
 */
public final class Bench {

    static final String SECRETS_BENCH = "dev.vigil.server.bench.SecretsBench";

    @FunctionalInterface
    private interface Task {
        void run(String[] args) throws Exception;
    }

    private static final Map<String, Task> TASKS = new LinkedHashMap<>();
    /** Not part of {@code all}: needs wrk (and for PostgreSQL a server) and takes minutes per store. */
    private static final Map<String, Task> LOAD = new LinkedHashMap<>();

    static {
        TASKS.put("secrets", Bench::secrets);
        TASKS.put("archive", ArchiveBench::run);
        TASKS.put("scan", args -> ScanBench.run());
        TASKS.put("pipeline", args -> PipelineBench.run());
        TASKS.put("peers", args -> PeersBench.run());
        TASKS.put("findings", args -> FindingsBench.run());
        TASKS.put("export", args -> ExportBench.run());
        TASKS.put("json", args -> JsonBench.run());
        TASKS.put("merge", args -> MergeBench.run());
        TASKS.put("iac", IacBench::main);
        TASKS.put("sca", ScaBench::main);
        TASKS.put("noise", NoiseBench::main);
        LOAD.put("load", LoadBench::run);
    }

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            usage();
            return;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (args[0].equals("all")) {
            for (Task task : TASKS.values()) {
                timed(task, new String[0]);
            }
        } else if (TASKS.containsKey(args[0])) {
            timed(TASKS.get(args[0]), rest);
        } else if (LOAD.containsKey(args[0])) {
            timed(LOAD.get(args[0]), rest);
        } else {
            System.err.println("unknown benchmark: " + args[0]);
            usage();
            System.exit(2);
        }
        System.exit(0);
    }

    private static void timed(Task task, String[] args) throws Exception {
        long start = System.nanoTime();
        long cpu = BenchEnvironment.processCpuNanos();
        task.run(args);
        BenchEnvironment.printEnd(start, cpu);
    }

    private static void usage() {
        System.out.println("""
                usage: ./bench secrets|archive|scan|pipeline|peers|findings|export|json|merge|iac|sca|noise|all|load [args] [-Dname=value …]
                  secrets    secrets engine throughput beside a plain read of the same bytes (SecretsBench) [MB | jdk]
                  archive    archive pass over a ~50 MiB source archive beside a bare gunzip [MiB] [runs]
                  scan       full scan of a ~50 MiB archive, submission to completed (target <= 10 s)
                  pipeline   ~100 MB of real .py/.js to a fresh server, by stage, beside grep and tar (<= 3x grep)
                  peers      secretlint (npm, recommended preset) beside Vigil's secrets scan on the same corpus
                  iac        IaC scan throughput on a generated Terraform and Kubernetes tree (1,000 .tf < 2 s)
                  sca        advisory snapshot import, and matching the Juice Shop lockfile (target < 200 ms)
                  noise      secrets findings per 100 MB of real code without secrets, by language, each listed
                  findings   findings list p50/p95/p99 at -Dbench.findings=1000000 in one tenant (target p95 <= 50 ms);
                             -Dbench.postgres=true over PostgreSQL on 127.0.0.1:5432
                  export     export of 10,000 rows as CSV and JSON (target <= 1 s)
                  json       a findings page of 21 and 101 rows written as the API sends it (µs per page)
                  merge      a scan producing 10,000 findings merged (target <= 5 s), and the merge alone
                  all        every benchmark above, in that order
                  load       mixed HTTP load with wrk at 1,000,000 findings: load hsqldb|postgresql (not in all)
                See docs/BENCHMARKS.md for the figures and the properties each benchmark reads.""");
    }

    /** The secrets benchmark lives in its own class, which may be absent from this build. */
    private static void secrets(String[] args) throws Exception {
        BenchEnvironment.print("secrets: engine throughput beside a plain read of the same bytes");
        Class<?> bench;
        try {
            bench = Class.forName(SECRETS_BENCH);
        } catch (ClassNotFoundException e) {
            System.out.println("secrets: not available (" + SECRETS_BENCH + " is not in this build)");
            return;
        }
        Method main = bench.getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
