package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.iosched.api.Request;

/**
 * What {@link DeviceLoop} and {@link MqDeviceLoop} share: the loop's record of each request (hung on
 * {@link Request#blockLayerData()}), the lists a test reads back, running the context's clock, and the fake device's
 * timing: each request takes the service time the test chose, on one of the device's units, which serve what they
 * were given in order.
 */
abstract class FakeDeviceLoop {
    /** Where a request is. */
    enum State { WAITING_TAG, QUEUED, DISPATCH, DRIVER, MERGED, DONE }

    /** The loop's record of one request. */
    final class Tracked {
        final Runnable onComplete;
        State state;
        int finishes;
        long generation;
        long completedAt = -1;
        Request absorbedInto;
        List<Request> absorbed;

        Tracked(Runnable onComplete) {
            this.onComplete = onComplete;
        }

        FakeDeviceLoop owner() {
            return FakeDeviceLoop.this;
        }
    }

    private final FakePluginContext clock;
    private final ToLongFunction<Request> serviceTime;
    /** When each unit of the device is free; null when every request is served on its own. */
    private final long[] unitFreeAt;
    final List<Request> submitted = new ArrayList<>();
    final List<Request> started = new ArrayList<>();
    final List<Request> completed = new ArrayList<>();
    final List<Request> mergedAway = new ArrayList<>();
    final Set<Request> queued = new LinkedHashSet<>();
    int inDevice;

    FakeDeviceLoop(FakePluginContext clock, Builder<?> builder) {
        this.clock = clock;
        this.serviceTime = builder.serviceTime;
        this.unitFreeAt = builder.units > 0 ? new long[builder.units] : null;
    }

    // ---------------------------------------------------------------- what the test reads

    /** Requests that entered the loop as requests, in order (bios merged into others are not requests). */
    public List<Request> submitted() {
        return Collections.unmodifiableList(submitted);
    }

    /** Requests in the order the driver took them. */
    public List<Request> started() {
        return Collections.unmodifiableList(started);
    }

    /** Requests in the order the device completed them. */
    public List<Request> completed() {
        return Collections.unmodifiableList(completed);
    }

    /** Requests absorbed into another one by a merge and freed, in order. */
    public List<Request> mergedAway() {
        return Collections.unmodifiableList(mergedAway);
    }

    /** Requests the scheduler holds: queued, not yet dispatched nor merged away. */
    public Collection<Request> queuedRequests() {
        return Collections.unmodifiableSet(queued);
    }

    /** How many requests the scheduler holds. */
    public int queued() {
        return queued.size();
    }

    /** How many requests the device holds. */
    public int inDevice() {
        return inDevice;
    }

    /** Requests submitted and not yet completed, merged-away ones excepted. */
    public int outstanding() {
        return submitted.size() - mergedAway.size() - completed.size();
    }

    // ---------------------------------------------------------------- running the clock

    /** Runs everything due up to {@code time} and sets the clock there. */
    public void runUntil(long time) {
        clock.advanceTo(time);
    }

    /** Runs events until none is left or the next one is after {@code limit}; the clock stays at the last event. */
    public void runUntilIdle(long limit) {
        long next = clock.nextEventTime();
        while (next >= 0 && next <= limit) {
            clock.runNext();
            next = clock.nextEventTime();
        }
    }

    // ---------------------------------------------------------------- records

    /** This loop's record of {@code rq}, or null when it did not come through this loop. */
    final Tracked tracked(Request rq) {
        return rq.blockLayerData() instanceof Tracked t && t.owner() == this ? t : null;
    }

    /**
     * The request whose dispatch and completion {@code rq} shares: itself, or the one that absorbed it (through any
     * chain of merges).
     *
     * @throws IllegalArgumentException when {@code rq} did not come through this loop
     */
    final Request survivor(Request rq) {
        Tracked t = tracked(rq);
        if (t == null) {
            throw new IllegalArgumentException(rq + " was not submitted to this loop");
        }
        Request survivor = rq;
        while (t.absorbedInto != null) {
            survivor = t.absorbedInto;
            t = tracked(survivor);
        }
        return survivor;
    }

    /** {@code rq}, which the scheduler held, was absorbed into {@code into} (null when unknown) and is freed. */
    final void markMerged(Request rq, Tracked t, Request into) {
        t.state = State.MERGED;
        t.absorbedInto = into;
        if (into != null) {
            Tracked survivor = tracked(into);
            if (survivor.absorbed == null) {
                survivor.absorbed = new ArrayList<>(2);
            }
            survivor.absorbed.add(rq);
        }
        queued.remove(rq);
        mergedAway.add(rq);
    }

    /**
     * When the device will have served {@code rq}, which it starts now: its service time after the unit that frees
     * first is done with what it already holds, or from now when every request is served on its own.
     */
    final long serviceEnd(Request rq) {
        long service = serviceTime.applyAsLong(rq);
        if (service < 0) {
            throw new IllegalStateException("negative service time " + service + " ns for " + rq);
        }
        long now = clock.now();
        if (unitFreeAt == null) {
            return now + service;
        }
        int unit = 0;
        for (int u = 1; u < unitFreeAt.length; u++) {
            if (unitFreeAt[u] < unitFreeAt[unit]) {
                unit = u;
            }
        }
        unitFreeAt[unit] = Math.max(now, unitFreeAt[unit]) + service;
        return unitFreeAt[unit];
    }

    /** Chooses the device's service time. */
    abstract static class Builder<B extends Builder<B>> {
        ToLongFunction<Request> serviceTime = rq -> DeviceLoop.DEFAULT_SERVICE_NANOS;
        /** Units of the device serving in order; 0 when every request is served on its own. */
        int units;

        Builder(int units) {
            this.units = units;
        }

        abstract B self();

        /** Every request takes {@code nanos} of device time (default {@value DeviceLoop#DEFAULT_SERVICE_NANOS}). */
        public B serviceTime(long nanos) {
            if (nanos < 0) {
                throw new IllegalArgumentException("service time must not be negative: " + nanos);
            }
            this.serviceTime = rq -> nanos;
            return self();
        }

        /** Each request takes the device time {@code model} gives it, asked when the device starts it. */
        public B serviceTime(ToLongFunction<Request> model) {
            this.serviceTime = Objects.requireNonNull(model, "model");
            return self();
        }
    }
}
