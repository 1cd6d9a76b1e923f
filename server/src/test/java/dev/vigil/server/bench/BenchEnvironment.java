package dev.vigil.server.bench;

import com.sun.management.OperatingSystemMXBean;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Where a benchmark ran: printed above every result so that figures are never read without it. */
record BenchEnvironment(String jdk, int cores, long maxHeapMiB, String os, Instant date, double loadAverage) {

    static BenchEnvironment current() {
        Runtime runtime = Runtime.getRuntime();
        return new BenchEnvironment(System.getProperty("java.vm.vendor") + " " + Runtime.version(),
                runtime.availableProcessors(), runtime.maxMemory() >> 20,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                Instant.now().truncatedTo(ChronoUnit.SECONDS),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** Prints a title and the environment line. */
    static void print(String title) {
        System.out.println();
        System.out.println("== " + title);
        System.out.println(current());
    }

    /** Prints what the machine and this process did meanwhile: CPU contention shows as CPU time far below wall time. */
    static void printEnd(long startNanos, long startCpuNanos) {
        System.out.printf(Locale.ROOT, "end: %.0f s wall, %.0f s CPU of this process, load average %.2f%n",
                (System.nanoTime() - startNanos) / 1e9, (processCpuNanos() - startCpuNanos) / 1e9,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "env: JDK %s, %d cores, max heap %d MiB, %s, %s, load average %.2f at start",
                jdk, cores, maxHeapMiB, os, date, loadAverage);
    }
}
