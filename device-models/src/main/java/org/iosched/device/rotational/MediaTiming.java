package org.iosched.device.rotational;

/**
 * The mechanism's timing: a platter turning since time 0, head positioning and media transfer, after DiskSim's
 * {@code trackSwitchPlusRotation} mode (devices-os.md §1.1):
 * {@code T = max(seek(d_cyl), head_switch) + write_settle + rot_wait + media_xfer}, with
 * {@code rot_wait = ((target_angle - angle_at_seek_end) mod 1) T_rot}.
 *
 * <p>Features: the rotational position is a pure function of virtual time and the platter's angle at t = 0,
 * so latency comes from where the target sector is when the seek ends, never from a per-request draw; a
 * transfer that crosses tracks pays a head or cylinder switch and waits for the skewed first sector of the next
 * track. The angle at t = 0 is the one random input: a spindle's phase when a run starts is arbitrary, so a
 * disk draws it from its seeded stream, and runs with different seeds differ as runs on real hardware do.
 *
 * <p>Limitations: the seek ends exactly on time (no settle variance); a cylinder switch within a transfer
 * costs {@code max(seek(1), head_switch)}.
 */
public final class MediaTiming {
    /** Rotational waits shorter than this fraction of a revolution count as zero (float rounding). */
    private static final double ANGLE_EPSILON = 1e-9;

    private final ZonedGeometry geometry;
    private final SeekCurve seek;
    private final double revolutionNanos;
    private final double headSwitchNanos;
    private final double cylinderSwitchNanos;
    private final double writeSettleNanos;
    private final double phaseNanos;
    /**
     * {@code seek.millis(d) * 1e6} by cylinder distance d, filled on first use (0 stands for not yet computed;
     * a distance whose seek is 0 is simply computed again), allocated on the first seek.
     */
    private double[] seekNanosByDistance;

    /** Builds the timing of a disk with parameters {@code p} whose platter is at angle 0 at t = 0. */
    public MediaTiming(RotationalParameters p) {
        this(p, 0);
    }

    /**
     * Builds the timing of a disk with parameters {@code p} whose platter is at {@code startAngle} (a fraction
     * of a revolution in [0, 1)) at t = 0.
     */
    public MediaTiming(RotationalParameters p, double startAngle) {
        if (!(startAngle >= 0 && startAngle < 1)) {
            throw new IllegalArgumentException("start angle " + startAngle + " is not in [0, 1)");
        }
        this.revolutionNanos = 60e9 / p.rpm();
        this.phaseNanos = startAngle * revolutionNanos;
        this.headSwitchNanos = p.headSwitchMs() * 1e6;
        this.seek = new SeekCurve(p.seekTrackMs(), p.seekAvgMs(), p.seekFullMs(), p.cylinders());
        this.cylinderSwitchNanos = Math.max(seek.millis(1) * 1e6, headSwitchNanos);
        this.writeSettleNanos = p.writeSettleMs() * 1e6;
        double switchFraction = Math.max(headSwitchNanos, cylinderSwitchNanos) / revolutionNanos;
        this.geometry = new ZonedGeometry(p.capacitySectors(), p.heads(), p.cylinders(), p.zones(),
                p.innerOuterRatio(), switchFraction);
    }

    /** The layout. */
    public ZonedGeometry geometry() {
        return geometry;
    }

    /** The seek curve. */
    public SeekCurve seekCurve() {
        return seek;
    }

    /** The settle time a write adds to a seek, in nanoseconds. */
    double writeSettleNanos() {
        return writeSettleNanos;
    }

    /** One revolution in nanoseconds. */
    public double revolutionNanos() {
        return revolutionNanos;
    }

    /** The platter's angle at virtual time {@code t}, as a fraction of a revolution in [0, 1). */
    public double angleAt(double t) {
        return remainder(t + phaseNanos, revolutionNanos) / revolutionNanos;
    }

    /**
     * {@code x % r} for finite {@code r > 0}, bit for bit, without the library's slow fmod for positive
     * {@code x}: the remainder {@code x - q r}, q the whole quotient, is exactly a double (it is what {@code %}
     * returns), so a fused multiply-add with that q gives it without rounding. q is first taken as
     * {@code floor(x / r)}, which rounding may put one off; with a q too large the fused result is negative
     * (the exact value is a nonzero multiple of the least double, so it cannot round to zero), with one too small
     * it is at least r (rounding is monotone and r is a double), and q is corrected until neither holds.
     * Anything else (zero, negative, huge or not finite x) goes to {@code %}.
     */
    static double remainder(double x, double r) {
        double q = Math.floor(x / r);
        if (!(x > 0) || !(q < 0x1p52)) {
            return x % r;
        }
        double rem = Math.fma(-q, r, x);
        while (rem < 0) {
            q -= 1;
            rem = Math.fma(-q, r, x);
        }
        while (rem >= r) {
            q += 1;
            rem = Math.fma(-q, r, x);
        }
        return rem;
    }

    /** Nanoseconds from time {@code t} until the start of sector {@code lba} passes under the head. */
    public double rotationalWait(double t, long lba) {
        return rotationalWaitToAngle(t, geometry.angle(lba));
    }

    /** Nanoseconds from time {@code t} until the platter reaches {@code angle} (a fraction of a revolution). */
    double rotationalWaitToAngle(double t, double angle) {
        double d = angle - angleAt(t);
        d -= Math.floor(d);
        if (d > 1 - ANGLE_EPSILON) {
            d = 0;
        }
        return d * revolutionNanos;
    }

    /** Nanoseconds to move the head from track {@code fromTrack} to the track of {@code lba} (no rotation). */
    public double seekNanos(long fromTrack, long lba, boolean write) {
        return seekNanosToTrack(fromTrack, geometry.track(lba), write);
    }

    private double seekNanosToTrack(long fromTrack, long toTrack, boolean write) {
        if (toTrack == fromTrack) {
            return 0;
        }
        int heads = geometry.heads();
        return seekNanosBetween(Math.abs(toTrack / heads - fromTrack / heads), toTrack % heads == fromTrack % heads,
                write);
    }

    /** A seek of {@code distance} cylinders between two tracks, at least a head switch unless on one head. */
    private double seekNanosBetween(long distance, boolean sameHead, boolean write) {
        double t = Math.max(seekNanos(distance), sameHead ? 0 : headSwitchNanos);
        return write ? t + writeSettleNanos : t;
    }

    /** {@code seek.millis(distance) * 1e6}, the same double, from the table when the distance is a disk's. */
    double seekNanos(long distance) {
        double[] table = seekNanosByDistance;
        if (distance <= 0 || distance >= geometry.cylinders()) {
            return seek.millis(distance) * 1e6;
        }
        if (table == null) {
            table = new double[geometry.cylinders()];
            seekNanosByDistance = table;
        }
        int d = (int) distance;
        double nanos = table[d];
        if (nanos == 0) {
            nanos = seek.millis(d) * 1e6;
            table[d] = nanos;
        }
        return nanos;
    }

    /**
     * Positioning time: seek (plus settle for a write) from {@code fromTrack} starting at {@code t}, then the
     * rotational wait for {@code lba}.
     */
    public double positionNanos(long fromTrack, double t, long lba, boolean write) {
        return positionNanos(fromTrack, t, geometry.track(lba), geometry.angle(lba), write);
    }

    /**
     * {@link #positionNanos(long, double, long, boolean)} for a target whose track and angle
     * ({@link ZonedGeometry#track}, {@link ZonedGeometry#angle}) the caller already knows.
     */
    double positionNanos(long fromTrack, double t, long toTrack, double toAngle, boolean write) {
        double s = seekNanosToTrack(fromTrack, toTrack, write);
        return s + rotationalWaitToAngle(t + s, toAngle);
    }

    /**
     * {@link #positionNanos(long, double, long, double, boolean)} when the caller also knows both tracks'
     * cylinders and heads ({@code track / heads}, {@code track % heads}): the same arithmetic, the same double,
     * without the divisions.
     */
    double positionNanos(long fromTrack, int fromCylinder, int fromHead, double t, long toTrack, int toCylinder,
                         int toHead, double toAngle, boolean write) {
        double s = toTrack == fromTrack ? 0
                : seekNanosBetween(Math.abs((long) toCylinder - fromCylinder), toHead == fromHead, write);
        return s + rotationalWaitToAngle(t + s, toAngle);
    }

    /**
     * Time to transfer {@code sectors} sectors from {@code lba} once its first sector is under the head at
     * {@code t0}, including switches to following tracks and the rotational waits they leave.
     */
    public double transferNanos(long lba, long sectors, double t0) {
        double t = t0;
        long remaining = sectors;
        long next = lba;
        while (true) {
            int spt = geometry.sectorsPerTrack(next);
            int onTrack = (int) Math.min(remaining, spt - geometry.sectorInTrack(next));
            t += onTrack * revolutionNanos / spt;
            remaining -= onTrack;
            next += onTrack;
            if (remaining == 0 || next >= geometry.capacity()) {
                return t - t0;
            }
            t += switchNanos(next - 1, next);
            t += rotationalWait(t, next);
        }
    }

    /**
     * How many sectors a transfer starting at {@code lba} at {@code t0} has read by {@code t}, at most
     * {@code limit} (the inverse of {@link #transferNanos}, whole sectors).
     */
    public long sectorsTransferred(long lba, double t0, double t, long limit) {
        double time = t0;
        long done = 0;
        long next = lba;
        while (done < limit && next < geometry.capacity()) {
            int spt = geometry.sectorsPerTrack(next);
            int onTrack = (int) Math.min(limit - done, spt - geometry.sectorInTrack(next));
            double perSector = revolutionNanos / spt;
            double trackEnd = time + onTrack * perSector;
            if (trackEnd > t) {
                return done + Math.max(0, (long) ((t - time) / perSector));
            }
            done += onTrack;
            next += onTrack;
            time = trackEnd;
            if (done == limit || next >= geometry.capacity()) {
                break;
            }
            time += switchNanos(next - 1, next);
            time += rotationalWait(time, next);
            if (time > t) {
                break;
            }
        }
        return done;
    }

    private double switchNanos(long from, long to) {
        int heads = geometry.heads();
        long fromTrack = geometry.track(from);
        long toTrack = geometry.track(to);
        return fromTrack / heads == toTrack / heads ? headSwitchNanos : cylinderSwitchNanos;
    }
}
