package org.iosched.simulator.bench;

import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.iosched.simulator.testing.ZeroLatencyDevice;

/**
 * Whole-run benchmark of the engine, OS model and request queue: noop on a zero-latency device, random
 * 4 KiB direct reads at iodepth 32. Prints simulated requests per wall-clock second and the heap in use
 * after a GC at the end of a run of N and of 10 N requests (flat memory means the run's length does not
 * matter). Run:
 * {@code mvn -q -pl simulator test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=org.iosched.simulator.bench.RequestRateBenchmark} (optional arguments: N, default 1000000,
 * and a scheduler's name, default noop: another scheduler is found with {@link ServiceLoader} on the class path,
 * e.g. {@code java -cp simulator/target/test-classes:runner/target/iosched.jar
 * org.iosched.simulator.bench.RequestRateBenchmark 10000000 cfq}).
 */
public final class RequestRateBenchmark {
    private RequestRateBenchmark() {
    }

    public static void main(String[] args) {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        IoSchedulerProvider scheduler = args.length > 1 ? scheduler(args[1]) : new NoopSchedulerProvider();
        System.out.println("scheduler " + scheduler.name() + "; warm-up: 3 runs of N/2");
        for (int i = 0; i < 3; i++) {
            run(scheduler, n / 2);
        }
        for (long size : new long[] {n, 10 * n}) {
            long start = System.nanoTime();
            SimulationResult result = run(scheduler, size);
            long wall = System.nanoTime() - start;
            long requests = result.disk().readIos();
            double rate = requests * 1e9 / wall;
            long heap = heapAfterGc();
            System.out.printf(Locale.ROOT, "N=%,d: %,d requests in %.2f s wall = %,.0f requests/s; heap after GC %.1f MiB%n",
                    size, requests, wall / 1e9, rate, heap / 1048576.0);
        }
    }

    private static IoSchedulerProvider scheduler(String name) {
        for (IoSchedulerProvider p : ServiceLoader.load(IoSchedulerProvider.class)) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no scheduler " + name + " on the class path");
    }

    private static SimulationResult run(IoSchedulerProvider scheduler, long requests) {
        return Simulation.builder()
                .scheduler(scheduler, Map.of())
                .device(ZeroLatencyDevice.provider(), Map.of())
                .workload(RandomReadWorkload.reads(requests, 32))
                .build()
                .run();
    }

    private static long heapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
