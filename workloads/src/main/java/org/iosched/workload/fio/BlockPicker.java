package org.iosched.workload.fio;

import java.util.random.RandomGenerator;

/**
 * Draws random block numbers for one file with fio's {@code random_distribution}: uniform
 * ({@code __get_next_rand_offset}: {@code lastb * u}), zipf ({@code zipf_next}, Gray et al.'s method),
 * pareto ({@code pareto_next}), normal ({@code gauss_next}: the mean of 12 uniform draws plus a
 * uniform deviation of {@code d%} of the range) or zoned / zoned_abs ({@link ZoneSplit}: a zone by its share
 * of the accesses, then a uniform block inside it). As in fio, the hot blocks of the skewed distributions
 * are scattered over the file by a hash unless a center is given, which places the hot spot there.
 *
 * <p>Limitations: the scatter uses iosched's own 64-bit hash, so hot blocks sit at other places than
 * with fio's {@code __hash_u64}; the distribution shapes are fio's.
 */
final class BlockPicker {
    /** fio computes zipf's normalisation over at most this many items ({@code ZIPF_MAX_GEN}). */
    private static final long ZIPF_MAX_GEN = 10_000_000L;
    private static final int GAUSS_ITERS = 12;

    private final OffsetDistribution distribution;
    private final long nranges;
    private final RandomGenerator random;
    private final long randOffset;
    private double zetan;
    private double zeta2;
    private double paretoPow;
    private long stddev;

    BlockPicker(OffsetDistribution distribution, long nranges, RandomGenerator random) {
        this.distribution = distribution;
        this.nranges = Math.max(1, nranges);
        this.random = random;
        this.randOffset = random.nextLong() >>> 1;
        switch (distribution.kind()) {
            case ZIPF -> {
                double theta = distribution.param();
                long n = Math.min(this.nranges, ZIPF_MAX_GEN);
                for (long i = 1; i <= n; i++) {
                    zetan += Math.pow(1.0 / i, theta);
                }
                zeta2 = 1.0 + Math.pow(0.5, theta);
            }
            case PARETO -> paretoPow = Math.log(distribution.param()) / Math.log(1.0 - distribution.param());
            case NORMAL -> {
                stddev = (long) (this.nranges * distribution.param() / 100.0);
                if (stddev > this.nranges / 2) {
                    stddev = this.nranges / 2;
                }
            }
            default -> {
            }
        }
    }

    /** Whether this picker draws uniformly (and may use the random map). */
    boolean uniform() {
        return distribution.kind() == OffsetDistribution.Kind.RANDOM;
    }

    /**
     * A block in {@code [0, lastBlock)} for the uniform and zoned distributions, in {@code [0, nranges)}
     * otherwise; {@code blockAlign} is the size of a block, for zoned_abs's byte zones.
     */
    long next(long lastBlock, long blockAlign) {
        return switch (distribution.kind()) {
            case RANDOM -> (long) (lastBlock * random.nextDouble());
            case ZONED, ZONED_ABS -> zoned(lastBlock, blockAlign);
            case ZIPF -> scatter(zipf() - 1);
            case PARETO -> scatter((long) ((nranges - 1) * Math.pow(random.nextDouble(), paretoPow)));
            case NORMAL -> scatter(gauss());
        };
    }

    private long zoned(long lastBlock, long blockAlign) {
        ZoneSplit zones = distribution.zones();
        int zone = zones.zoneOf(1 + random.nextInt(100));
        long first;
        long blocks;
        if (zones.absolute()) {
            first = zones.before(zone) / blockAlign;
            blocks = (zones.before(zone) + zones.range()[zone]) / blockAlign - first;
        } else {
            first = zones.before(zone) * lastBlock / 100;
            blocks = lastBlock * zones.range()[zone] / 100;
        }
        return first + (long) (blocks * random.nextDouble());
    }

    private long zipf() {
        double theta = distribution.param();
        double alpha = 1.0 / (1.0 - theta);
        double eta = (1.0 - Math.pow(2.0 / nranges, 1.0 - theta)) / (1.0 - zeta2 / zetan);
        double u = random.nextDouble();
        double z = u * zetan;
        if (z < 1.0) {
            return 1;
        }
        if (z < 1.0 + Math.pow(0.5, theta)) {
            return 2;
        }
        long v = 1 + (long) (nranges * Math.pow(eta * u - eta + 1.0, alpha));
        return Math.min(Math.max(v, 1), nranges);
    }

    private long gauss() {
        long sum = 0;
        for (int i = 0; i < GAUSS_ITERS; i++) {
            sum += random.nextLong(nranges + 1);
        }
        sum = (sum + GAUSS_ITERS - 1) / GAUSS_ITERS;
        if (stddev > 0) {
            long dev = (long) (stddev * random.nextDouble()) - stddev / 2;
            while (dev + sum >= nranges) {
                dev /= 2;
            }
            sum += dev;
        }
        return Math.max(0, sum);
    }

    private long scatter(long rank) {
        if (distribution.center() >= 0) {
            long shift = (long) (distribution.center() * nranges) - (distribution.kind() == OffsetDistribution.Kind.NORMAL
                    ? nranges / 2 : 0);
            return Math.floorMod(rank + shift, nranges);
        }
        return Long.remainderUnsigned(mix(rank) + randOffset, nranges);
    }

    /** A 64-bit finaliser (splitmix64), iosched's stand-in for fio's {@code __hash_u64}. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
