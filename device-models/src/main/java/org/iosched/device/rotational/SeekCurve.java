package org.iosched.device.rotational;

import org.iosched.api.InvalidInputException;

/**
 * Seek time against distance in cylinders, from the three datasheet points, in the Lee and Katz form DiskSim
 * calls {@code curve} (devices-os.md §1.1): {@code t(d) = a sqrt(d - 1) + b (d - 1) + c} for d >= 1, with
 * {@code a = (-10 t1 + 15 tavg - 5 tmax) / (3 sqrt N)}, {@code b = (7 t1 - 15 tavg + 8 tmax) / (3 N)},
 * {@code c = t1}. The square-root term dominates short seeks (acceleration), the linear term long ones
 * (coasting); by construction the mean over random cylinder pairs is tavg and {@code t(N) = tmax}.
 *
 * <p>Limitations: reads and writes share one curve; a write adds a constant settle time (as the Maxtor and
 * HP validation models of §1.1 do).
 */
public final class SeekCurve {
    private final double a;
    private final double b;
    private final double c;

    /**
     * @param trackMs   t1
     * @param averageMs tavg
     * @param fullMs    tmax
     * @param cylinders N
     */
    public SeekCurve(double trackMs, double averageMs, double fullMs, int cylinders) {
        this.a = (-10 * trackMs + 15 * averageMs - 5 * fullMs) / (3 * Math.sqrt(cylinders));
        this.b = (7 * trackMs - 15 * averageMs + 8 * fullMs) / (3.0 * cylinders);
        this.c = trackMs;
        if (a < 0 || b < 0) {
            throw new InvalidInputException("device: seek_track_ms=" + trackMs + ", seek_avg_ms=" + averageMs
                    + ", seek_full_ms=" + fullMs + " give a seek curve that is not increasing; accepted: points with"
                    + " 15 tavg - 10 t1 - 5 tmax >= 0 and 7 t1 - 15 tavg + 8 tmax >= 0");
        }
    }

    /** Seek time in milliseconds over {@code distance} cylinders (0 for no movement). */
    public double millis(long distance) {
        if (distance <= 0) {
            return 0;
        }
        double d = distance - 1;
        return a * Math.sqrt(d) + b * d + c;
    }

    /** Coefficient a (ms per sqrt cylinder). */
    public double a() {
        return a;
    }

    /** Coefficient b (ms per cylinder). */
    public double b() {
        return b;
    }

    /** Coefficient c (ms). */
    public double c() {
        return c;
    }
}
