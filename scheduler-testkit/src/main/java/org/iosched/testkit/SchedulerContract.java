package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.Task;

/**
 * The checks every {@link IoScheduler} must pass, whatever its policy: run them from a plugin's tests with
 * {@code SchedulerContract.verify(new MySchedulerProvider())}. A failure is an {@link AssertionError} naming
 * the scheduler, the check, and what went wrong (with the seed, device and HZ of a random run, so it repeats).
 *
 * <h2>Checks</h2>
 * <ol>
 *   <li>A new scheduler holds nothing: {@code hasQueued()} is false and {@code dispatch} moves nothing.</li>
 *   <li>Every added request is dispatched exactly once, and completes, on a {@link DeviceLoop}.</li>
 *   <li>{@code hasQueued()} is true exactly while the scheduler holds a request (checked after every event of
 *       every run, through bursts separated by idle time).</li>
 *   <li>{@code dispatch(true)}, called until it returns 0 as {@code elv_drain_elevator} does, moves everything
 *       without the clock moving, with the driver idle and with the driver busy.</li>
 *   <li>Merges: bios merged through the block layer's hash, {@code findFrontMerge},
 *       {@code latterRequest}/{@code formerRequest} and {@code requestsMerged} leave every bio ended once,
 *       every sector served once, and no absorbed request dispatched.</li>
 *   <li>No request is dispatched before it is added (one only allocated with {@code setRequest} stays out).</li>
 *   <li>Determinism: the same inputs give the same dispatch order, completion times and trace.</li>
 *   <li>Random mixes of reads, writes, sync and async I/O, metadata and NOIDLE requests from several tasks of
 *       every io priority class in several cgroups, with io priority and cgroup changes, task exits and forced
 *       drains, on three devices and four HZ values, with fixed seeds: everything completes, and the counts of
 *       the driver and the pool return to zero.</li>
 * </ol>
 * In every run, {@code dispatch}'s return value must equal the number of requests it moved, and a scheduler
 * that keeps requests without dispatching them and without a pending timer fails as a stall.
 *
 * <h2>Limitations</h2>
 * The checks see the scheduler through {@link DeviceLoop} and {@link FakeSchedulerContext}, whose limits apply
 * (no request pool limit, no plugging, no FLUSH sequencing). They check what every scheduler owes the block
 * layer, not a scheduling policy.
 */
public final class SchedulerContract {
    /** Virtual time a run may take before the check calls it a stall: 10 minutes. */
    static final long TIME_LIMIT_NANOS = 600_000_000_000L;
    /** Seeds of the random mixes. */
    static final long[] RANDOM_SEEDS = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233};
    private static final long MS = 1_000_000L;

    /**
     * One named check, runnable alone (a JUnit {@code @TestFactory} can turn each into a dynamic test).
     *
     * @param scheduler the scheduler's name
     * @param name      what the check asserts
     * @param body      the check
     */
    public record Check(String scheduler, String name, Runnable body) {
        /** Validates the parts. */
        public Check {
            Objects.requireNonNull(scheduler, "scheduler");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(body, "body");
        }

        /**
         * Runs the check.
         *
         * @throws AssertionError naming the scheduler and the check when it fails (also when the scheduler
         *                        throws)
         */
        public void run() {
            try {
                body.run();
            } catch (AssertionError | RuntimeException e) {
                String detail = e instanceof AssertionError ? e.getMessage() : "the scheduler threw " + e;
                throw new AssertionError("scheduler '" + scheduler + "' fails the contract check '" + name + "': "
                        + detail, e);
            }
        }
    }

    private SchedulerContract() {
    }

    /** Runs every check on the provider's scheduler with its default settings. */
    public static void verify(IoSchedulerProvider provider) {
        verify(provider, defaults(provider));
    }

    /** Runs every check with the provider's tunables set as in {@code tunables} (the others at default). */
    public static void verify(IoSchedulerProvider provider, Map<String, String> tunables) {
        verify(provider, Settings.resolve(provider.name(), provider.tunables(), tunables));
    }

    /**
     * Runs every check with {@code settings}; all checks run, and one {@link AssertionError} lists every check
     * that failed (each failure is attached as a suppressed exception).
     */
    public static void verify(IoSchedulerProvider provider, Settings settings) {
        runAll(provider.name(), checks(provider, settings));
    }

    /** Runs every check of scheduler {@code name}; one {@link AssertionError} lists every check that failed. */
    static void runAll(String name, List<Check> checks) {
        List<AssertionError> failures = new ArrayList<>();
        for (Check check : checks) {
            try {
                check.run();
            } catch (AssertionError failure) {
                failures.add(failure);
            }
        }
        if (failures.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder("scheduler '").append(name).append("' fails ")
                .append(failures.size()).append(" of ").append(checks.size()).append(" contract checks:");
        String prefix = "scheduler '" + name + "' fails the contract ";
        for (AssertionError failure : failures) {
            String line = failure.getMessage();
            message.append("\n - ").append(line.startsWith(prefix) ? line.substring(prefix.length()) : line);
        }
        AssertionError all = new AssertionError(message.toString());
        failures.forEach(all::addSuppressed);
        throw all;
    }

    /** The checks, with the provider's default settings. */
    public static List<Check> checks(IoSchedulerProvider provider) {
        return checks(provider, defaults(provider));
    }

    /** The checks, in the order {@link #verify} runs them. */
    public static List<Check> checks(IoSchedulerProvider provider, Settings settings) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(settings, "settings");
        Subject s = new Subject(provider, settings);
        String name = provider.name();
        return List.of(
                new Check(name, "a new scheduler holds nothing and dispatches nothing", s::newSchedulerIsEmpty),
                new Check(name, "every added request is dispatched exactly once", s::everyRequestOnce),
                new Check(name, "hasQueued() is true exactly while a request is queued", s::hasQueuedFollowsQueue),
                new Check(name, "dispatch(true) drains everything without timers", s::forcedDispatchDrains),
                new Check(name, "merges keep every bio and sector accounted for", s::mergesKeepAccounting),
                new Check(name, "no request is dispatched before it is added", s::onlyAddedRequestsDispatch),
                new Check(name, "the same inputs give the same dispatch order", s::deterministic),
                new Check(name, "random mixes of tasks, cgroups and I/O kinds complete", s::randomMixes));
    }

    private static Settings defaults(IoSchedulerProvider provider) {
        return Settings.defaults(provider.name(), provider.tunables());
    }

    /** The scheduler under test and the checks' bodies. */
    private record Subject(IoSchedulerProvider provider, Settings settings) {
        IoScheduler create(SchedulerContext context) {
            IoScheduler scheduler = provider.create(context, settings);
            if (scheduler == null) {
                throw new AssertionError("create() returned null");
            }
            return scheduler;
        }

        DeviceLoop loop(FakeSchedulerContext context) {
            return DeviceLoop.on(context).serviceTime(MS).build(this::create);
        }

        void newSchedulerIsEmpty() {
            FakeSchedulerContext context = FakeSchedulerContext.create();
            IoScheduler scheduler = create(context);
            require(!scheduler.hasQueued(), "hasQueued() is true on a scheduler that was given nothing");
            for (boolean force : new boolean[] {false, true}) {
                int moved = scheduler.dispatch(force);
                require(moved == 0 && context.dispatched().isEmpty(), "dispatch(" + force
                        + ") on an empty scheduler returned " + moved + " and moved " + context.dispatched());
            }
            scheduler.exit();
        }

        void everyRequestOnce() {
            DeviceLoop loop = loop(FakeSchedulerContext.create());
            submitBursts(loop, 1);
            runChecked(loop, "a burst of reads and writes");
            Map<Request, Integer> moves = new IdentityHashMap<>();
            for (Request rq : loop.context().dispatched()) {
                moves.merge(rq, 1, Integer::sum);
            }
            for (Request rq : loop.submitted()) {
                int times = moves.getOrDefault(rq, 0);
                require(times == 1, rq + " was dispatched " + times + " times");
            }
            require(moves.size() == loop.submitted().size(), "the scheduler dispatched " + moves.size()
                    + " distinct requests for " + loop.submitted().size() + " added");
            loop.scheduler().exit();
        }

        void hasQueuedFollowsQueue() {
            DeviceLoop loop = loop(FakeSchedulerContext.builder().device(FakeSchedulerContext.HDD_NCQ).build());
            // bursts far apart: the scheduler empties and fills again several times
            for (int burst = 0; burst < 4; burst++) {
                int round = burst + 1;
                loop.context().schedule(burst * 500 * MS, () -> submitBursts(loop, round));
            }
            runChecked(loop, "bursts separated by idle time");
            FakeSchedulerContext context = FakeSchedulerContext.create();
            IoScheduler scheduler = create(context);
            Requests requests = Requests.on(context);
            for (int i = 0; i < 6; i++) {
                Request rq = i % 2 == 0 ? requests.read(1000L * i) : requests.write(1000L * i);
                scheduler.setRequest(rq);
                scheduler.add(rq);
                require(scheduler.hasQueued(), "hasQueued() is false right after add(" + rq + ")");
            }
        }

        void forcedDispatchDrains() {
            // the driver idle: everything is still with the scheduler, the clock never moves
            DeviceLoop idle = loop(FakeSchedulerContext.create());
            submitBursts(idle, 1);
            drainAndCheck(idle, "with the driver idle");
            // the driver busy: a first queue run started requests, then more arrive
            DeviceLoop busy = loop(FakeSchedulerContext.create());
            submitBursts(busy, 1);
            busy.context().advanceTo(0);
            submitBursts(busy, 2);
            drainAndCheck(busy, "with the driver busy");
        }

        private void drainAndCheck(DeviceLoop loop, String when) {
            long before = loop.context().now();
            loop.forceDispatch();
            require(loop.context().now() == before, "the clock moved");
            if (loop.queued() > 0) {
                throw new AssertionError("after dispatch(true) returned 0 " + when + ", the scheduler still holds "
                        + loop.queued() + " request(s), e.g. " + loop.queuedRequests().iterator().next());
            }
            require(!loop.scheduler().hasQueued(), "hasQueued() is true after a forced drain " + when);
            runChecked(loop, "after a forced drain " + when);
        }

        void mergesKeepAccounting() {
            DeviceLoop loop = loop(FakeSchedulerContext.create());
            MergeScenario scenario = new MergeScenario(loop);
            scenario.submit();
            runChecked(loop, "bios merging into queued requests");
            scenario.verifyAccounting();
            loop.scheduler().exit();
        }

        void onlyAddedRequestsDispatch() {
            FakeSchedulerContext context = FakeSchedulerContext.create();
            IoScheduler scheduler = create(context);
            Requests requests = Requests.on(context);
            Set<Request> added = Collections.newSetFromMap(new IdentityHashMap<>());
            context.onDispatch(rq -> require(added.contains(rq),
                    "dispatched " + rq + ", which was allocated (setRequest) but never added"));
            Request first = requests.read(100);
            Request second = requests.syncWrite(200);
            Request third = requests.write(300);
            for (Request rq : List.of(first, second, third)) {
                scheduler.mayQueue(rq.task(), rq.op(), rq.flags());
                scheduler.setRequest(rq);
            }
            require(scheduler.dispatch(false) == 0 && scheduler.dispatch(true) == 0,
                    "dispatch moved something with requests only allocated, none added");
            require(!scheduler.hasQueued(), "hasQueued() is true with requests only allocated, none added");
            added.add(first);
            scheduler.add(first);
            drain(scheduler);
            require(context.dispatched().equals(List.of(first)), "a forced drain after add(" + first
                    + ") dispatched " + context.dispatched());
            added.add(third);
            scheduler.add(third);
            drain(scheduler);
            require(context.dispatched().equals(List.of(first, third)), "a forced drain after add(" + third
                    + ") dispatched " + context.dispatched());
            scheduler.putRequest(second);
        }

        private static void drain(IoScheduler scheduler) {
            int calls = 0;
            while (scheduler.dispatch(true) > 0) {
                require(++calls < 100, "dispatch(true) keeps returning more than 0");
            }
        }

        void deterministic() {
            for (long seed : new long[] {RANDOM_SEEDS[0], RANDOM_SEEDS[3]}) {
                RandomMix mix = new RandomMix(seed);
                Run first = run(mix);
                Run second = run(mix);
                first.requireSameAs(second, mix.toString());
            }
        }

        void randomMixes() {
            for (long seed : RANDOM_SEEDS) {
                RandomMix mix = new RandomMix(seed);
                DeviceLoop loop = loop(mix);
                try {
                    runChecked(loop, mix.toString());
                    mix.verifyAccounting(loop);
                } catch (AssertionError e) {
                    String message = e.getMessage();
                    throw message != null && message.contains(mix.toString()) ? e
                            : new AssertionError(mix + ": " + message, e);
                }
                FakeSchedulerContext context = loop.context();
                require(context.inDriver() == 0 && context.allocated(true) == 0 && context.allocated(false) == 0,
                        mix + ": the run ended with requests in the driver or allocated");
                loop.scheduler().exit();
            }
        }

        private DeviceLoop loop(RandomMix mix) {
            FakeSchedulerContext context = mix.newContext();
            DeviceLoop loop = DeviceLoop.on(context).serviceTime(mix.serviceModel()).build(this::create);
            mix.install(loop);
            return loop;
        }

        private Run run(RandomMix mix) {
            DeviceLoop loop = loop(mix);
            runChecked(loop, mix.toString());
            return Run.of(loop);
        }
    }

    /** What a run produced, to compare two runs. */
    private record Run(List<Long> startOrder, List<Long> completionTimes, List<String> trace, long end) {
        static Run of(DeviceLoop loop) {
            List<Long> order = new ArrayList<>();
            List<Long> times = new ArrayList<>();
            for (Request rq : loop.started()) {
                order.add(rq.id());
            }
            for (Request rq : loop.completed()) {
                times.add(loop.times(rq).completed());
            }
            return new Run(order, times, loop.context().timedMessages(), loop.context().now());
        }

        void requireSameAs(Run other, String what) {
            requireSameList(startOrder, other.startOrder, what + ": the dispatch order (request ids) differs");
            requireSameList(completionTimes, other.completionTimes, what + ": completion times differ");
            requireSameList(trace, other.trace, what + ": the trace differs");
            require(end == other.end, what + ": the runs ended at " + end + " and " + other.end + " ns");
        }

        private static <T> void requireSameList(List<T> first, List<T> second, String what) {
            int n = Math.min(first.size(), second.size());
            for (int i = 0; i < n; i++) {
                if (!first.get(i).equals(second.get(i))) {
                    throw new AssertionError(what + " at index " + i + ": " + first.get(i) + " then " + second.get(i));
                }
            }
            require(first.size() == second.size(), what + ": " + first.size() + " then " + second.size() + " items");
        }
    }

    /**
     * A fixed mix at the loop's current time: a BE reader, a buffered-writer kernel thread, an fsync-style
     * writer in a cgroup, an RT reader and an idle-class reader; {@code round} shifts the sectors.
     */
    private static void submitBursts(DeviceLoop loop, int round) {
        Requests requests = loop.requests();
        Task reader = requests.task("reader");
        Task flusher = requests.kernelThread("flush-8:0");
        Task fsync = requests.task("fsync", new Cgroup("/db", 800));
        Task rt = requests.task("rt", IoPrioClass.RT, 0, Cgroup.ROOT);
        Task idle = requests.task("idle", IoPrioClass.IDLE, 7, Cgroup.ROOT);
        long base = round * 1_000_000L;
        for (int i = 0; i < 6; i++) {
            long spread = (i * 7919L) % 50_000;
            loop.submit(requests.read(reader, base + spread * 8));
            loop.submit(requests.write(flusher, base + 500_000 + spread * 8));
            loop.submit(requests.request(fsync, Op.WRITE, RequestFlags.SYNC | RequestFlags.NOIDLE,
                    base + 300_000 + i * 8L, 8));
            loop.submit(requests.request(rt, Op.READ, RequestFlags.META, base + 700_000 + spread * 8, 16));
            loop.submit(requests.read(idle, base + 900_000 + spread * 8));
        }
    }

    /**
     * Runs {@code loop} to the end, checking {@code hasQueued()} after every event, then that every request
     * completed.
     */
    static void runChecked(DeviceLoop loop, String what) {
        FakeSchedulerContext context = loop.context();
        long limit = context.now() + TIME_LIMIT_NANOS;
        requireHasQueuedMatches(loop, what);
        long next = context.nextEventTime();
        while (next >= 0 && next <= limit) {
            context.runNext();
            requireHasQueuedMatches(loop, what);
            next = context.nextEventTime();
        }
        if (loop.outstanding() > 0) {
            throw new AssertionError(loop.outstanding() + " of " + loop.submitted().size()
                    + " requests never completed (" + what + "): the scheduler holds " + loop.queued()
                    + ", hasQueued() = " + loop.scheduler().hasQueued() + ", " + context.dispatchQueueLength()
                    + " on the dispatch queue, " + loop.inDevice() + " in the device, at " + context.now() + " ns, "
                    + (next < 0 ? "with no timer pending" : "the next event at " + next + " ns")
                    + ". A scheduler that holds requests must move them when dispatch(false) is called, or arm a"
                    + " timer and kick() the queue when it fires.");
        }
    }

    private static void requireHasQueuedMatches(DeviceLoop loop, String what) {
        boolean holds = loop.queued() > 0;
        boolean says = loop.scheduler().hasQueued();
        if (holds != says) {
            throw new AssertionError("hasQueued() is " + says + " at " + loop.context().now() + " ns while the "
                    + "scheduler holds " + loop.queued() + " request(s)"
                    + (holds ? ", e.g. " + loop.queuedRequests().iterator().next() : "") + " (" + what + ")");
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }
}
