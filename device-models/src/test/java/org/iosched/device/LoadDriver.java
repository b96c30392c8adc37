package org.iosched.device;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.iosched.api.BlockDevice;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;

/**
 * A tiny test-only block layer: keeps up to {@code depth} requests in flight on a device (asking
 * {@link BlockDevice#canAccept} first, as the request queue does), with no host think time, and measures.
 */
public final class LoadDriver {
    /** What to submit next. */
    @FunctionalInterface
    public interface Source {
        /** The next request's operation, flags, sector and length; {@code index} counts from 0. */
        Spec next(long index, SplittableRandom random);
    }

    /** One request to make. */
    public record Spec(Op op, int flags, long sector, int sectors) {
        /** A plain read. */
        public static Spec read(long sector, int sectors) {
            return new Spec(Op.READ, 0, sector, sectors);
        }

        /** A plain write. */
        public static Spec write(long sector, int sectors) {
            return new Spec(Op.WRITE, 0, sector, sectors);
        }

        /** An empty flush. */
        public static Spec flush() {
            return new Spec(Op.FLUSH, 0, 0, 0);
        }
    }

    /**
     * What a run measured, from the completion of request {@code warmup} to the last.
     *
     * @param requests      requests counted
     * @param bytes         their bytes
     * @param nanos         measured span
     * @param maxLatency    the longest latency of any request (submit to completion)
     * @param maxReadLatency the longest latency of a counted READ
     * @param maxInFlight   the most requests the device held at once
     * @param latencies     every counted request's latency, in completion order
     */
    public record Result(long requests, long bytes, long nanos, long maxLatency, long maxReadLatency,
                         int maxInFlight, long[] latencies) {
        /** Requests per second. */
        public double iops() {
            return requests * 1e9 / nanos;
        }

        /** MB/s (10^6 bytes). */
        public double megabytesPerSecond() {
            return bytes * 1e3 / nanos;
        }
    }

    private static final Task TASK = new Task(1, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT);

    private final FakeDeviceContext context;
    private final BlockDevice device;
    private final SplittableRandom random;
    private long nextId;

    /** A driver for {@code device}, which must have been created with {@code context}. */
    public LoadDriver(FakeDeviceContext context, BlockDevice device, long seed) {
        this.context = context;
        this.device = device;
        this.random = new SplittableRandom(seed);
    }

    /** Submits {@code total} requests from {@code source} at queue depth {@code depth}; measures after {@code warmup}. */
    public Result run(Source source, int depth, long total, long warmup) {
        Run r = new Run(source, depth, total, warmup);
        context.onComplete(r::completed);
        context.onReady(r::fill);
        r.fill();
        context.run();
        if (r.completed != total) {
            throw new IllegalStateException("only " + r.completed + " of " + total + " requests completed");
        }
        long[] lat = new long[r.latencies.size()];
        for (int i = 0; i < lat.length; i++) {
            lat[i] = r.latencies.get(i);
        }
        return new Result(total - warmup, r.bytes, r.lastCompletion - r.measureStart, r.maxLatency, r.maxReadLatency,
                r.maxInFlight, lat);
    }

    private final class Run {
        final Source source;
        final int depth;
        final long total;
        final long warmup;
        long issued;
        long completed;
        int inFlight;
        int maxInFlight;
        Request pending;
        long bytes;
        long measureStart;
        long lastCompletion;
        long maxLatency;
        long maxReadLatency;
        final List<Long> latencies = new ArrayList<>();

        Run(Source source, int depth, long total, long warmup) {
            this.source = source;
            this.depth = depth;
            this.total = total;
            this.warmup = warmup;
        }

        void fill() {
            while (inFlight < depth && (pending != null || issued < total)) {
                if (pending == null) {
                    Spec s = source.next(issued, random);
                    pending = new Request(nextId++, s.op(), s.flags(), s.sector(), s.sectors(), TASK, Cgroup.ROOT,
                            context.now());
                    issued++;
                }
                if (!device.canAccept(pending, inFlight)) {
                    return;
                }
                Request rq = pending;
                pending = null;
                rq.markDispatched(context.now());
                inFlight++;
                maxInFlight = Math.max(maxInFlight, inFlight);
                device.submit(rq);
            }
        }

        void completed(Request rq) {
            inFlight--;
            completed++;
            long now = context.now();
            long latency = now - rq.dispatchTime();
            maxLatency = Math.max(maxLatency, latency);
            if (completed == warmup) {
                measureStart = now;
            } else if (completed > warmup) {
                bytes += rq.bytes();
                latencies.add(latency);
                if (rq.op() == Op.READ) {
                    maxReadLatency = Math.max(maxReadLatency, latency);
                }
            }
            lastCompletion = now;
            fill();
        }
    }
}
