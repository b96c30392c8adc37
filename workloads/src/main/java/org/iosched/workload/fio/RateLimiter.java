package org.iosched.workload.fio;

import java.util.random.RandomGenerator;

/**
 * fio's rate control (backend.c {@code usec_for_io}, io_u.c {@code rate_ddir}, backend.c
 * {@code __check_min_rate}): each direction's next I/O may not start before
 * {@code issued bytes / rate} (or, with {@code rate_process=poisson}, an exponentially distributed gap)
 * since the job's epoch; a mixed job switches to the other direction when that one is behind. The minimum
 * rate is checked every {@code rate_cycle} ms after a 2 s settle period. Times here are microseconds since
 * the epoch, as in fio.
 */
final class RateLimiter {
    private final JobOptions o;
    private final RandomGenerator[] poisson;
    private final long[] bps = new long[Ddir.COUNT];
    private final long[] issueBytes = new long[Ddir.COUNT];
    private final long[] lastUsec = new long[Ddir.COUNT];
    private final long[] nextIoTime = new long[Ddir.COUNT];
    private final long[] checkBytes = new long[Ddir.COUNT];
    private final long[] checkBlocks = new long[Ddir.COUNT];
    private final long[] checkTimeMs = new long[Ddir.COUNT];
    /** The sleep {@link #direction} asks for, in microseconds. */
    private long sleepMicros;
    /** What {@link #checkMinRate} found wrong, or null. */
    private String failure;
    /** Whether any limit applies: the options are fixed once the job is compiled, and this is asked twice an I/O. */
    private final boolean active;

    RateLimiter(JobOptions o, RandomGenerator[] poisson) {
        this.o = o;
        this.poisson = poisson;
        this.active = o.rateLimited();
        for (int d = 0; d < Ddir.COUNT; d++) {
            bps[d] = o.rate[d] > 0 ? o.rate[d] : o.rateIops[d] * o.minBs[d];
        }
    }

    /** Whether any limit applies ({@code should_check_rate}). */
    boolean active() {
        return active;
    }

    /** Bytes per second allowed in direction {@code d}, 0 if unlimited. */
    long bytesPerSecond(int d) {
        return bps[d];
    }

    /** The ramp ended: rate accounting starts over from the new epoch ({@code reset_all_stats}). */
    void reset() {
        for (int d = 0; d < Ddir.COUNT; d++) {
            issueBytes[d] = 0;
            lastUsec[d] = 0;
            nextIoTime[d] = 0;
            checkBytes[d] = 0;
            checkBlocks[d] = 0;
        }
    }

    /** An I/O of {@code bytes} was issued in direction {@code d}. */
    void issued(int d, long bytes) {
        issueBytes[d] += bytes;
        nextIoTime[d] = usecForIo(d);
    }

    /** {@code rate_ignore_thinktime}: credit the bytes the job would have moved while thinking. */
    void creditThinktime(int d, long thinkMicros) {
        if (bps[d] == 0 || thinkMicros == 0) {
            return;
        }
        long missed = bps[d] * thinkMicros / 1_000_000L;
        long bs = o.minBs[d];
        long usPerOp = bs * 1_000_000L / bps[d];
        long over = usPerOp <= thinkMicros ? bs : -((usPerOp - thinkMicros) / usPerOp * bs);
        issueBytes[d] += missed - over;
        lastUsec[d] += thinkMicros;
    }

    private long usecForIo(int d) {
        long rate = bps[d];
        if (o.ratePoisson) {
            long iops = rate / Math.max(1, o.minBs[d]);
            if (iops == 0) {
                return 0;
            }
            double u = poisson[d].nextDouble();
            long val = (long) ((1_000_000L / iops) * -Math.log(1.0 - u));
            lastUsec[d] += val;
            return lastUsec[d];
        }
        if (rate == 0) {
            return 0;
        }
        if (o.rate[d] == 0 && o.bssplit[d] != null) {
            long iops = rate / Math.max(1, o.minBs[d]);
            if (iops == 0) {
                return 0;
            }
            lastUsec[d] += 1_000_000L / iops;
            return lastUsec[d];
        }
        long secs = issueBytes[d] / rate;
        long remainder = issueBytes[d] % rate;
        return remainder * 1_000_000L / rate + secs * 1_000_000L;
    }

    /**
     * fio's {@code rate_ddir}: the direction to issue next at {@code nowMicros}; {@link #sleepMicros()}
     * says how long to sleep first (0 for none).
     */
    int direction(int d, long nowMicros) {
        sleepMicros = 0;
        if (nextIoTime[d] <= nowMicros) {
            return d;
        }
        int other = d ^ 1;
        if (o.rw.mixed() && d < 2 && o.rwmix[other] > 0) {
            if (nextIoTime[other] <= nowMicros) {
                return other;
            }
            if (nextIoTime[d] <= nextIoTime[other]) {
                sleepMicros = nextIoTime[d] - nowMicros;
                return d;
            }
            sleepMicros = nextIoTime[other] - nowMicros;
            return other;
        }
        sleepMicros = nextIoTime[d] - nowMicros;
        return d;
    }

    /** The sleep asked for by the last {@link #direction} call, in microseconds. */
    long sleepMicros() {
        return sleepMicros;
    }

    /**
     * fio's {@code check_min_rate} for one direction: false when the rate over the last cycle fell below
     * {@code rate_min} / {@code rate_iops_min}; {@link #failure()} then says by how much.
     *
     * @param sinceStartMs ms since the job started ({@code td->start})
     * @param nowMs        now, in ms on any fixed clock
     * @param bytes        bytes completed in direction {@code d}
     * @param blocks       I/Os completed in direction {@code d}
     */
    boolean checkMinRate(int d, String job, long sinceStartMs, long nowMs, long bytes, long blocks) {
        if (o.rateMin[d] == 0 && o.rateIopsMin[d] == 0) {
            return true;
        }
        if (sinceStartMs < 2000) {
            return true;
        }
        if (checkBytes[d] != 0 || checkBlocks[d] != 0) {
            long spent = nowMs - checkTimeMs[d];
            if (spent < o.rateCycle) {
                return true;
            }
            if (o.rate[d] > 0 || o.rateMin[d] > 0) {
                long rate = spent > 0 ? (bytes - checkBytes[d]) * 1000 / spent : 0;
                if (rate < o.rateMin[d] || bytes < checkBytes[d]) {
                    failure = job + ": rate_min=" + o.rateMin[d] + "B/s not met, got " + rate + "B/s";
                    return false;
                }
            } else {
                long rate = spent > 0 ? (blocks - checkBlocks[d]) * 1000 / spent : 0;
                if (rate < o.rateIopsMin[d] || blocks < checkBlocks[d]) {
                    failure = job + ": rate_iops_min=" + o.rateIopsMin[d] + " not met, got " + rate + " IOPS";
                    return false;
                }
            }
        }
        checkBytes[d] = bytes;
        checkBlocks[d] = blocks;
        checkTimeMs[d] = nowMs;
        return true;
    }

    /** Why the last failed {@link #checkMinRate} failed. */
    String failure() {
        return failure;
    }
}
