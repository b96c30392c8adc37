package org.iosched.biocontrol;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * A hand-written bio layer for testing one {@link BioController}: a virtual clock with an event loop,
 * timers, kernel threads, sleeping and waking tasks, and a fake device below that serves passed-down bios
 * in FIFO order, {@code queueDepth} at a time, each for {@code serviceTime(bio)} nanoseconds, then reports
 * the completion to the controller and to the bio's submitter.
 *
 * <p>It checks the contract as it goes: a bio passed down twice, or a wake for a task that does not sleep,
 * fails at once.
 */
public final class FakeBioLayer implements BioControllerContext {
    /** One passDown, as the layer below saw it. */
    public record PassedDown(Bio bio, Task task, long time, boolean fromSubmit) {
    }

    private record Event(long time, long seq, Runnable action) {
    }

    private record Sleeper(Bio bio, Runnable resume) {
    }

    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) ->
            a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private long now;
    private long seq;

    private final int nrRequests;
    private final int queueDepth;
    private final ToLongFunction<Bio> serviceTime;
    private final boolean synchronousWake;
    private final DeviceInfo device;
    private final RandomGenerator random = new SplittableRandom(42);

    private BioController controller;
    private boolean inSubmit;
    private final IdentityHashMap<Bio, Boolean> passed = new IdentityHashMap<>();
    private final List<PassedDown> passedDown = new ArrayList<>();
    private final ArrayDeque<Bio> deviceQueue = new ArrayDeque<>();
    private int deviceInFlight;
    private long completedBios;

    private final Map<Task, Sleeper> sleeping = new IdentityHashMap<>();
    private long sleeps;
    private long wakes;
    /** The times {@link #unplug()} was called. */
    private final List<Long> unplugTimes = new ArrayList<>();

    private final Map<String, Task> kernelThreads = new HashMap<>();
    private final Map<String, Cgroup> cgroups = new HashMap<>();
    private int nextPid = 100;

    private final List<String> traceMessages = new ArrayList<>();
    private boolean traceEnabled;

    private FakeBioLayer(Builder b) {
        this.nrRequests = b.nrRequests;
        this.queueDepth = b.queueDepth;
        this.serviceTime = b.serviceTime;
        this.synchronousWake = b.synchronousWake;
        this.traceEnabled = b.trace;
        this.device = new DeviceInfo("fake", 1L << 32, true, queueDepth, false, false, 2048);
        cgroups.put("/", Cgroup.ROOT);
    }

    /** A new builder with a 1-deep device serving every bio in 1 ms and nr_requests 128. */
    public static Builder builder() {
        return new Builder();
    }

    /** Configures a {@link FakeBioLayer}. */
    public static final class Builder {
        private int nrRequests = 128;
        private int queueDepth = 1;
        private ToLongFunction<Bio> serviceTime = bio -> 1_000_000;
        private boolean synchronousWake;
        private boolean trace;

        /** The request queue's nr_requests. */
        public Builder nrRequests(int n) {
            this.nrRequests = n;
            return this;
        }

        /** How many bios the device serves at once. */
        public Builder queueDepth(int depth) {
            this.queueDepth = depth;
            return this;
        }

        /** The device's service time of a bio, in nanoseconds. */
        public Builder serviceTime(ToLongFunction<Bio> serviceTime) {
            this.serviceTime = serviceTime;
            return this;
        }

        /** A service time of {@code fixedNanos} plus {@code perSectorNanos} per sector. */
        public Builder serviceTime(long fixedNanos, long perSectorNanos) {
            return serviceTime(bio -> fixedNanos + perSectorNanos * bio.sectors());
        }

        /** Whether {@code wake} resubmits the sleeper's bio at once, inside the controller's call. */
        public Builder synchronousWake(boolean synchronous) {
            this.synchronousWake = synchronous;
            return this;
        }

        /** Whether the trace is enabled. */
        public Builder trace(boolean enabled) {
            this.trace = enabled;
            return this;
        }

        /** The layer, without a controller yet. */
        public FakeBioLayer build() {
            return new FakeBioLayer(this);
        }
    }

    /** Creates the controller from {@code provider} with {@code settings} and installs it. */
    public BioController install(BioControllerProvider provider, Map<String, String> settings) {
        return install(provider.create(this, settings));
    }

    /** Installs {@code c} as the controller under test. */
    public BioController install(BioController c) {
        this.controller = c;
        return c;
    }

    /** A pass-through controller: every bio goes down at once (a layer without a controller). */
    public BioController installPassThrough() {
        return install(bio -> {
            passDown(bio);
            return BioController.Admission.TAKEN;
        });
    }

    // ---- tasks and cgroups

    /** A cgroup with a blkio.weight, registered so that {@link #cgroup(String)} finds it. */
    public Cgroup newCgroup(String path, int weight) {
        Cgroup c = new Cgroup(path, weight);
        cgroups.put(path, c);
        return c;
    }

    /** A user task of class BE level 4. */
    public Task newTask(String name, Cgroup cgroup) {
        return new Task(nextPid++, name, false, IoPrioClass.BE, IoPrioClass.NORM, cgroup);
    }

    /** A kernel thread (flusher, jbd2) in the root cgroup. */
    public Task newKernelTask(String name) {
        return new Task(nextPid++, name, true, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT);
    }

    // ---- submitting

    /**
     * Submits {@code bio} from its task. When the controller puts the task to sleep, the layer keeps the bio
     * and submits it again on {@link #wake}; {@code resume} runs once it has been taken.
     */
    public BioController.Admission submit(Bio bio, Runnable resume) {
        if (sleeping.containsKey(bio.task())) {
            throw new AssertionError(bio.task() + " submits while asleep");
        }
        BioController.Admission a = callSubmit(bio);
        if (a == BioController.Admission.SLEEP) {
            sleeping.put(bio.task(), new Sleeper(bio, resume));
            sleeps++;
        }
        return a;
    }

    private BioController.Admission callSubmit(Bio bio) {
        boolean outer = inSubmit;
        inSubmit = true;
        try {
            return controller.submit(bio);
        } finally {
            inSubmit = outer;
        }
    }

    /** Whether {@code task} is asleep in the controller. */
    public boolean isSleeping(Task task) {
        return sleeping.containsKey(task);
    }

    // ---- BioControllerContext

    @Override
    public long now() {
        return now;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return new FakeTimer(callback);
    }

    @Override
    public void passDown(Bio bio) {
        if (passed.put(bio, Boolean.TRUE) != null) {
            throw new AssertionError("bio passed down twice: " + bio);
        }
        passedDown.add(new PassedDown(bio, bio.task(), now, inSubmit));
        deviceQueue.add(bio);
        startDevice();
    }

    @Override
    public Task kernelThread(String name) {
        return kernelThreads.computeIfAbsent(name,
                n -> new Task(nextPid++, n, true, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT));
    }

    @Override
    public void wake(Task task) {
        Sleeper s = sleeping.remove(task);
        if (s == null) {
            throw new AssertionError("woke " + task + ", which does not sleep");
        }
        wakes++;
        Runnable resubmit = () -> {
            if (submit(s.bio, s.resume) == BioController.Admission.TAKEN) {
                s.resume.run();
            }
        };
        if (synchronousWake) {
            resubmit.run();
        } else {
            at(now, resubmit);
        }
    }

    @Override
    public void unplug() {
        unplugTimes.add(now);
    }

    @Override
    public Cgroup cgroup(String path) {
        return cgroups.get(path);
    }

    @Override
    public int nrRequests() {
        return nrRequests;
    }

    @Override
    public DeviceInfo device() {
        return device;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public TraceSink trace() {
        return new TraceSink() {
            @Override
            public boolean enabled() {
                return traceEnabled;
            }

            @Override
            public void message(String message) {
                traceMessages.add(now + " " + message);
            }
        };
    }

    // ---- the device

    private void startDevice() {
        while (deviceInFlight < queueDepth && !deviceQueue.isEmpty()) {
            Bio bio = deviceQueue.poll();
            deviceInFlight++;
            at(now + serviceTime.applyAsLong(bio), () -> complete(bio));
        }
    }

    private void complete(Bio bio) {
        deviceInFlight--;
        completedBios++;
        controller.completed(bio);
        bio.endIo().bioCompleted(bio, now);
        startDevice();
    }

    // ---- the event loop

    /** Runs {@code action} at virtual time {@code time} (not before now). */
    public void at(long time, Runnable action) {
        events.add(new Event(Math.max(time, now), seq++, action));
    }

    /** Runs every event up to and including {@code endNanos}; the clock then reads {@code endNanos}. */
    public void runUntil(long endNanos) {
        long budget = MAX_EVENTS_PER_RUN;
        while (!events.isEmpty() && events.peek().time <= endNanos) {
            runNext(--budget);
        }
        now = Math.max(now, endNanos);
    }

    /** Runs until no event is left, failing after {@code limitNanos} of virtual time. */
    public void runToIdle(long limitNanos) {
        long budget = MAX_EVENTS_PER_RUN;
        while (!events.isEmpty()) {
            if (events.peek().time > limitNanos) {
                throw new AssertionError("still busy at " + limitNanos + " ns");
            }
            runNext(--budget);
        }
    }

    /** A run that goes on this long is a livelock (work re-queueing itself without progress). */
    private static final long MAX_EVENTS_PER_RUN = 20_000_000;

    private void runNext(long budget) {
        if (budget < 0) {
            throw new AssertionError("more than " + MAX_EVENTS_PER_RUN + " events: livelock at " + now + " ns");
        }
        Event e = events.poll();
        now = e.time;
        e.action.run();
    }

    // ---- what happened

    /** Every passDown in order. */
    public List<PassedDown> passedDown() {
        return passedDown;
    }

    /** Whether {@code bio} has been passed down. */
    public boolean wasPassedDown(Bio bio) {
        return passed.containsKey(bio);
    }

    /** Bios the device completed. */
    public long completedBios() {
        return completedBios;
    }

    /** Times a task was put to sleep. */
    public long sleeps() {
        return sleeps;
    }

    /** Times a task was woken. */
    public long wakes() {
        return wakes;
    }

    /** Tasks asleep now. */
    public int sleepingTasks() {
        return sleeping.size();
    }

    /** The virtual times at which the controller asked to run the queue ({@link #unplug()}). */
    public List<Long> unplugTimes() {
        return unplugTimes;
    }

    /** The trace messages, each prefixed with its time in ns. */
    public List<String> traceMessages() {
        return traceMessages;
    }

    private final class FakeTimer implements Timer {
        private final Runnable callback;
        private long expires = -1;
        private long generation;

        FakeTimer(Runnable callback) {
            this.callback = callback;
        }

        @Override
        public void arm(long atNanos) {
            long g = ++generation;
            expires = Math.max(atNanos, now);
            at(expires, () -> {
                if (generation == g && expires >= 0) {
                    expires = -1;
                    callback.run();
                }
            });
        }

        @Override
        public void cancel() {
            generation++;
            expires = -1;
        }

        @Override
        public boolean isPending() {
            return expires >= 0;
        }

        @Override
        public long expiresAt() {
            return expires;
        }
    }
}
