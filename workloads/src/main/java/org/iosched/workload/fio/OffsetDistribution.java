package org.iosched.workload.fio;

/**
 * fio's {@code random_distribution}: how random offsets are drawn.
 *
 * @param kind   the distribution
 * @param param  zipf theta, pareto h or normal deviation in percent (unused for {@link Kind#RANDOM})
 * @param center hot-spot position 0..1, or -1 when not given
 * @param zones  the zones of {@link Kind#ZONED} and {@link Kind#ZONED_ABS}, null otherwise
 */
record OffsetDistribution(Kind kind, double param, double center, ZoneSplit zones) {
    /** The distributions modelled. */
    enum Kind {
        /** Uniform, with the random map unless {@code norandommap}. */
        RANDOM,
        /** Zipf with exponent theta ({@code zipf:1.2}). */
        ZIPF,
        /** Pareto with shape h ({@code pareto:0.9}). */
        PARETO,
        /** Normal with a deviation in percent of the range ({@code normal:10}). */
        NORMAL,
        /** Zones in percent of the range, each with its share of the accesses ({@code zoned:60/10:40/90}). */
        ZONED,
        /** Zones in bytes, each with its share of the accesses ({@code zoned_abs:60/1g:40/9g}). */
        ZONED_ABS
    }

    /** A distribution without zones. */
    OffsetDistribution(Kind kind, double param, double center) {
        this(kind, param, center, null);
    }

    /** fio's defaults: {@code FIO_DEF_ZIPF}, {@code FIO_DEF_PARETO}. */
    static final double DEFAULT_ZIPF_THETA = 1.1;
    static final double DEFAULT_PARETO_H = 0.2;

    /** Uniform random offsets. */
    static final OffsetDistribution UNIFORM = new OffsetDistribution(Kind.RANDOM, 0, -1);

    /** The value as the user would write it. */
    String describe() {
        return switch (kind) {
            case RANDOM -> "random";
            case ZIPF -> "zipf:" + param + (center >= 0 ? ":" + center : "");
            case PARETO -> "pareto:" + param + (center >= 0 ? ":" + center : "");
            case NORMAL -> "normal:" + param + (center >= 0 ? ":" + center : "");
            case ZONED, ZONED_ABS -> zones.describe();
        };
    }
}
