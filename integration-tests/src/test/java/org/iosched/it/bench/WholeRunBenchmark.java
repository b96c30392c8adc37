package org.iosched.it.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Settings;
import org.iosched.api.WorkloadProvider;
import org.iosched.api.WorkloadSource;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;

/**
 * Whole-run speed: simulated requests per wall-clock second for each built-in scheduler, on the {@code ssd} and
 * {@code hdd} presets, with two jobs of 4 KiB random direct reads at iodepth 32 (issue 6's benchmark). Each
 * configuration is run {@value #WARMUP} times to warm the JIT, then {@value #MEASURED} times; the median is
 * printed. Wall-clock time is measured here only; no test asserts it.
 *
 * <pre>
 * mvn -q -DskipTests install
 * mvn -q -pl integration-tests test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=org.iosched.it.bench.WholeRunBenchmark
 * </pre>
 */
public final class WholeRunBenchmark {
    private static final int WARMUP = 3;
    private static final int MEASURED = 5;
    private static final String JOB = """
            [global]
            filename=/dev/sda
            direct=1
            ioengine=libaio
            iodepth=32
            bs=4k
            rw=randread
            runtime=%d
            time_based
            [reader1]
            [reader2]
            """;

    private WholeRunBenchmark() {
    }

    /** Runs the benchmark and prints one line per configuration. */
    public static void main(String[] args) {
        System.out.printf(Locale.ROOT, "%-8s %-9s %12s %10s %14s%n", "device", "scheduler", "requests", "wall ms",
                "requests/s");
        for (String device : List.of("ssd", "hdd")) {
            int seconds = device.equals("ssd") ? 10 : 60;
            for (String scheduler : List.of("noop", "deadline", "cfq")) {
                long[] wall = new long[MEASURED];
                long requests = 0;
                for (int i = 0; i < WARMUP + MEASURED; i++) {
                    long start = System.nanoTime();
                    SimulationResult result = run(scheduler, device, seconds);
                    long elapsed = System.nanoTime() - start;
                    if (i >= WARMUP) {
                        wall[i - WARMUP] = elapsed;
                        requests = completed(result);
                    }
                }
                java.util.Arrays.sort(wall);
                long median = wall[MEASURED / 2];
                System.out.printf(Locale.ROOT, "%-8s %-9s %12d %10.1f %14.0f%n", device, scheduler, requests,
                        median / 1e6, requests / (median / 1e9));
            }
        }
    }

    private static SimulationResult run(String scheduler, String device, int seconds) {
        WorkloadProvider fio = provider(WorkloadProvider.class, "fio");
        return Simulation.builder()
                .seed(1)
                .scheduler(provider(IoSchedulerProvider.class, scheduler), Map.of())
                .device(provider(BlockDeviceProvider.class, device), Map.of())
                .workload(fio.create(WorkloadSource.of("bench.fio", String.format(Locale.ROOT, JOB, seconds)),
                        Settings.defaults("fio", fio.tunables())))
                .build()
                .run();
    }

    private static long completed(SimulationResult result) {
        long total = 0;
        for (JobResult job : result.jobs()) {
            total += job.read().totalIos() + job.write().totalIos();
        }
        return total;
    }

    private static <T extends org.iosched.api.PluginProvider> T provider(Class<T> kind, String name) {
        for (T provider : ServiceLoader.load(kind)) {
            if (provider.name().equals(name)) {
                return provider;
            }
        }
        throw new IllegalArgumentException("no " + kind.getSimpleName() + " named " + name);
    }
}
