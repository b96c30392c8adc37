package org.iosched.simulator.bench;

import java.util.SplittableRandom;

/**
 * The event loop's floor (issue 19): a bare binary heap of (time, sequence) keys with 64 events pending, as two
 * jobs at iodepth 32 keep, and two events per request (issue and completion), no simulation at all. What a
 * simulated request costs at the least on this machine; {@link RequestRateBenchmark} is read against it.
 * Not a test: speed is never asserted.
 *
 * <pre>java -cp simulator/target/test-classes:runner/target/iosched.jar \
 *     org.iosched.simulator.bench.EventLoopFloorBenchmark [REQUESTS]</pre>
 */
public final class EventLoopFloorBenchmark {
    private static final int PENDING = 64;

    private EventLoopFloorBenchmark() {
    }

    public static void main(String[] args) {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        for (int i = 0; i < 3; i++) {
            run(n / 2);
        }
        long start = System.nanoTime();
        long checksum = run(n);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("N=%,d: %,d requests in %.2f s wall = %,.0f requests/s (checksum %d)%n", n, n, seconds,
                n / seconds, checksum);
    }

    /** {@code requests} requests, two heap events each; returns a checksum so that nothing is optimized away. */
    private static long run(long requests) {
        long[] times = new long[PENDING + 1];
        long[] seqs = new long[PENDING + 1];
        int size = 0;
        long seq = 0;
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < PENDING; i++) {
            size = push(times, seqs, size, random.nextLong(100_000), seq++);
        }
        long now = 0;
        long sum = 0;
        for (long e = 0; e < 2 * requests; e++) {
            now = times[0];
            sum += seqs[0];
            size = pop(times, seqs, size);
            size = push(times, seqs, size, now + 1 + random.nextLong(100_000), seq++);
        }
        return sum + now;
    }

    private static boolean before(long[] t, long[] s, int a, int b) {
        return t[a] < t[b] || (t[a] == t[b] && s[a] < s[b]);
    }

    private static void swap(long[] t, long[] s, int a, int b) {
        long x = t[a];
        t[a] = t[b];
        t[b] = x;
        x = s[a];
        s[a] = s[b];
        s[b] = x;
    }

    private static int push(long[] t, long[] s, int size, long time, long seq) {
        int i = size;
        t[i] = time;
        s[i] = seq;
        while (i > 0 && before(t, s, i, (i - 1) >>> 1)) {
            swap(t, s, i, (i - 1) >>> 1);
            i = (i - 1) >>> 1;
        }
        return size + 1;
    }

    private static int pop(long[] t, long[] s, int size) {
        size--;
        t[0] = t[size];
        s[0] = s[size];
        int i = 0;
        while (true) {
            int c = 2 * i + 1;
            if (c >= size) {
                break;
            }
            if (c + 1 < size && before(t, s, c + 1, c)) {
                c++;
            }
            if (!before(t, s, c, i)) {
                break;
            }
            swap(t, s, i, c);
            i = c;
        }
        return size;
    }
}
