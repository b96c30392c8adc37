package org.iosched.testkit;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;
import org.iosched.api.Cgroup;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoPriority;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Settings;
import org.iosched.api.Task;

/**
 * The checks every blk-mq {@link MqScheduler} must pass, whatever its policy: run them from a plugin's tests with
 * {@code MqSchedulerContract.verify(new MySchedulerProvider())}. A failure is an {@link AssertionError} naming the
 * scheduler, the check and what went wrong (with the seed and HZ of a random run, so that it repeats). The blk-mq
 * counterpart of {@link SchedulerContract}.
 *
 * <h2>Checks</h2>
 * <ol>
 *   <li>A new scheduler has no work on any hardware queue and {@code dispatch_request} returns null.</li>
 *   <li>Every inserted request is dispatched exactly once, or merged away and never dispatched, on a
 *       {@link MqDeviceLoop}; everything completes.</li>
 *   <li>{@code has_work} agrees with dispatch: after every event, some queue has work while the scheduler holds a
 *       request, none has when it holds none, and a scheduler without work dispatches nothing.</li>
 *   <li>{@code finish_request} is called once for every request (completed or merged away), and a scheduler that
 *       counts requests in flight by it still dispatches everything afterwards.</li>
 *   <li>Merges: bios through {@code bio_merge} and requests through insert merges leave every bio ended once,
 *       every sector served once, and no absorbed request dispatched.</li>
 *   <li>Requests inserted at the head ({@code INSERT_AT_HEAD}, as requeues are) are dispatched and complete.</li>
 *   <li>{@code limit_depth} gives 0 or at most a word of the scheduler tags, also after {@code nr_requests}
 *       changes ({@code depth_updated}).</li>
 *   <li>Determinism: the same inputs give the same dispatch order and completion times.</li>
 *   <li>Random mixes of reads, writes, sync and async I/O of every io priority class from several CPUs on two
 *       hardware queues, four HZ values and fixed seeds: everything completes, no tag stays taken.</li>
 * </ol>
 * A scheduler that keeps requests without dispatching them and without anything pending fails as a stall.
 *
 * <h2>Limitations</h2>
 * The checks see the scheduler through {@link MqDeviceLoop} and {@link FakeMqSchedulerContext}, whose limits
 * apply. They check what every scheduler owes the block layer, not a scheduling policy.
 */
public final class MqSchedulerContract {
    /** Virtual time a run may take before the check calls it a stall: 10 minutes. */
    static final long TIME_LIMIT_NANOS = 600_000_000_000L;
    /** Seeds of the random mixes. */
    static final long[] RANDOM_SEEDS = {1, 2, 3, 5, 8, 13, 21, 34};
    private static final int[] HZ_VALUES = {100, 250, 300, 1000};
    private static final long MS = 1_000_000L;
    private static final BioEndIo NOTHING = (bio, at) -> { };

    private MqSchedulerContract() {
    }

    /** Runs every check on the provider's scheduler with its default settings. */
    public static void verify(MqSchedulerProvider provider) {
        verify(provider, Settings.defaults(provider.name(), provider.tunables()));
    }

    /** Runs every check with the provider's tunables set as in {@code tunables} (the others at default). */
    public static void verify(MqSchedulerProvider provider, Map<String, String> tunables) {
        verify(provider, Settings.resolve(provider.name(), provider.tunables(), tunables));
    }

    /** Runs every check with {@code settings}; one {@link AssertionError} lists every check that failed. */
    public static void verify(MqSchedulerProvider provider, Settings settings) {
        SchedulerContract.runAll(provider.name(), checks(provider, settings));
    }

    /** The checks with the provider's default settings. */
    public static List<SchedulerContract.Check> checks(MqSchedulerProvider provider) {
        return checks(provider, Settings.defaults(provider.name(), provider.tunables()));
    }

    /** The checks, in the order {@link #verify} runs them. */
    public static List<SchedulerContract.Check> checks(MqSchedulerProvider provider, Settings settings) {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(settings, "settings");
        Subject s = new Subject(provider, settings);
        String name = provider.name();
        return List.of(
                new SchedulerContract.Check(name, "a new scheduler has no work and dispatches nothing", s::newIsEmpty),
                new SchedulerContract.Check(name, "every inserted request is dispatched once or merged away",
                        s::everyRequestOnce),
                new SchedulerContract.Check(name, "has_work agrees with dispatch", s::hasWorkAgrees),
                new SchedulerContract.Check(name, "finish_request once per request", s::finishOnce),
                new SchedulerContract.Check(name, "merges keep every bio and sector accounted for", s::merges),
                new SchedulerContract.Check(name, "requests inserted at the head are dispatched", s::atHead),
                new SchedulerContract.Check(name, "limit_depth stays within a word of the tags", s::limitDepth),
                new SchedulerContract.Check(name, "the same inputs give the same dispatch order", s::deterministic),
                new SchedulerContract.Check(name, "random mixes of priorities, CPUs and I/O kinds complete",
                        s::randomMixes));
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    /** The scheduler under test and the checks' bodies. */
    private record Subject(MqSchedulerProvider provider, Settings settings) {
        MqDeviceLoop loop(FakeMqSchedulerContext context, int slots) {
            return MqDeviceLoop.on(context).serviceTime(MS).slots(slots).build(ctx -> {
                MqScheduler scheduler = provider.create(ctx, settings);
                require(scheduler != null, "create() returned null");
                return scheduler;
            });
        }

        void newIsEmpty() {
            FakeMqSchedulerContext context = FakeMqSchedulerContext.builder().hardwareQueues(2).build();
            MqScheduler scheduler = context.start(provider, settings);
            for (int i = 0; i < context.hardwareQueueCount(); i++) {
                HardwareQueue hctx = context.hardwareQueue(i);
                require(!scheduler.hasWork(hctx), "hasWork(" + hctx + ") is true on a scheduler given nothing");
                Request rq = scheduler.dispatchRequest(hctx);
                require(rq == null, "dispatchRequest(" + hctx + ") on an empty scheduler returned " + rq);
            }
            scheduler.exit();
        }

        /** Reads and writes, sequential and scattered, from CPUs 0..3, at {@code base}. */
        private static void burst(MqDeviceLoop loop, long base) {
            Requests requests = loop.requests();
            for (int i = 0; i < 24; i++) {
                long sector = base + (i % 3 == 0 ? 100_000L * i : 64L * i);
                Request rq = switch (i % 4) {
                    case 0 -> requests.read(sector);
                    case 1 -> requests.write(sector);
                    case 2 -> requests.syncWrite(sector);
                    default -> requests.read(sector + 7_000_000L);
                };
                loop.submit(rq, 0, i % loop.context().cpuCount(), null);
            }
        }

        void everyRequestOnce() {
            MqDeviceLoop loop = loop(FakeMqSchedulerContext.builder().hardwareQueues(2).build(), 4);
            burst(loop, 0);
            loop.context().schedule(50 * MS, () -> burst(loop, 1_000_000L));
            loop.runToCompletion(TIME_LIMIT_NANOS);
            requireOnce(loop);
        }

        private static void requireOnce(MqDeviceLoop loop) {
            Map<Request, Integer> starts = new IdentityHashMap<>();
            for (Request rq : loop.started()) {
                starts.merge(rq, 1, Integer::sum);
            }
            for (Request rq : loop.submitted()) {
                int times = starts.getOrDefault(rq, 0);
                boolean merged = loop.mergedAway().contains(rq);
                require(merged ? times == 0 : times == 1, rq + (merged ? " was merged away but" : "") + " was dispatched "
                        + times + " times");
            }
        }

        void hasWorkAgrees() {
            FakeMqSchedulerContext context = FakeMqSchedulerContext.builder().hardwareQueues(2).build();
            MqDeviceLoop loop = loop(context, 2);
            for (int round = 0; round < 3; round++) {
                long base = round * 10_000_000L;
                context.schedule(round * 500 * MS, () -> burst(loop, base));
            }
            long next = context.nextEventTime();
            while (next >= 0 && next <= TIME_LIMIT_NANOS) {
                context.runNext();
                requireHasWorkMatches(loop);
                next = context.nextEventTime();
            }
            require(loop.outstanding() == 0, loop.outstanding() + " request(s) never completed (a stall)");
            // by hand: a scheduler without work dispatches nothing
            FakeMqSchedulerContext hand = FakeMqSchedulerContext.create();
            MqScheduler scheduler = hand.start(provider, settings);
            HardwareQueue hctx = hand.hardwareQueue(0);
            List<Request> batch = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Request rq = hand.bind(i % 2 == 0 ? hand.requests().read(5000L * i) : hand.requests().write(5000L * i), 0);
                rq.setIoPriority(IoPriority.of(rq.task()));
                scheduler.prepareRequest(rq);
                batch.add(rq);
            }
            scheduler.insertRequests(hctx, new ArrayList<>(batch), 0);
            hand.freeMergedRequests();
            require(scheduler.hasWork(hctx), "hasWork is false right after 4 requests were inserted");
            int dispatched = 0;
            for (int guard = 0; guard < 100 && scheduler.hasWork(hctx); guard++) {
                Request rq = scheduler.dispatchRequest(hctx);
                if (rq == null) {
                    hand.advanceMillis(10);
                } else {
                    dispatched++;
                }
            }
            require(dispatched == 4, "hasWork turned false after " + dispatched + " of 4 requests were dispatched");
            Request extra = scheduler.dispatchRequest(hctx);
            require(extra == null, "dispatchRequest returned " + extra + " while hasWork is false");
        }

        private static void requireHasWorkMatches(MqDeviceLoop loop) {
            boolean any = false;
            for (int i = 0; i < loop.context().hardwareQueueCount(); i++) {
                any |= loop.scheduler().hasWork(loop.context().hardwareQueue(i));
            }
            if (loop.queued() > 0) {
                require(any, "no hardware queue has work at " + loop.context().now() + " ns while the scheduler holds "
                        + loop.queued() + " request(s), e.g. " + loop.queuedRequests().iterator().next());
            } else {
                require(!any, "a hardware queue has work at " + loop.context().now()
                        + " ns while the scheduler holds no request");
            }
        }

        void finishOnce() {
            MqDeviceLoop loop = loop(FakeMqSchedulerContext.create(), 2);
            // several waves: a scheduler whose in-flight counts miss a finish would hold back a later wave
            for (int wave = 0; wave < 5; wave++) {
                long base = wave * 1_000_000L;
                loop.context().schedule(wave * 200 * MS, () -> burst(loop, base));
            }
            loop.runToCompletion(TIME_LIMIT_NANOS);
            for (Request rq : loop.submitted()) {
                require(loop.finishes(rq) == 1, "finish_request ran " + loop.finishes(rq) + " times for " + rq);
            }
        }

        void merges() {
            MqDeviceLoop loop = loop(FakeMqSchedulerContext.create(), 1);
            Requests requests = loop.requests();
            Task task = requests.defaultTask();
            int[] ended = new int[64];
            List<Bio> bios = new ArrayList<>();
            // the device is busy with the first request while the others queue and merge
            long[] sectors = {0, 1000, 1008, 1016, 2016, 2008, 2000, 3000, 3016, 3008, 4000, 4008};
            for (int i = 0; i < sectors.length; i++) {
                int index = i;
                Bio bio = requests.bio(task, i < 7 ? Op.WRITE : Op.READ, 0, sectors[i], Requests.SECTORS,
                        (b, at) -> ended[index]++);
                bios.add(bio);
            }
            for (int i = 0; i < 10; i++) {
                loop.submitBio(bios.get(i), 0);
            }
            // two requests that insert-merge with what is queued: submitted as requests, not bios
            Request tail = requests.fromBio(bios.get(10));
            Request next = requests.fromBio(bios.get(11));
            loop.submit(tail, 0, 0, null);
            loop.submit(next, 0, 0, null);
            loop.runToCompletion(TIME_LIMIT_NANOS);
            for (int i = 0; i < sectors.length; i++) {
                require(ended[i] == 1, "bio at sector " + sectors[i] + " ended " + ended[i] + " times");
            }
            Map<Long, Integer> served = new java.util.HashMap<>();
            for (Request rq : loop.completed()) {
                for (long s = rq.sector(); s < rq.endSector(); s += Requests.SECTORS) {
                    served.merge(s, 1, Integer::sum);
                }
            }
            for (long sector : sectors) {
                require(served.getOrDefault(sector, 0) == 1, "sector " + sector + " was served "
                        + served.getOrDefault(sector, 0) + " times");
            }
            require(served.size() == sectors.length, "the device served sectors nobody asked for: " + served.keySet());
            requireOnce(loop);
            // bios touching requests that completed: a stale last_merge or hash entry would merge into them
            List<Request> done = new ArrayList<>(loop.completed());
            for (Request rq : done) {
                if (!served.containsKey(rq.endSector())) {
                    loop.submitBio(requests.bio(task, rq.op(), 0, rq.endSector(), Requests.SECTORS, NOTHING), 0);
                }
            }
            loop.runToCompletion(TIME_LIMIT_NANOS);
        }

        void atHead() {
            MqDeviceLoop loop = loop(FakeMqSchedulerContext.create(), 2);
            Requests requests = loop.requests();
            for (int i = 0; i < 6; i++) {
                loop.submit(i % 2 == 0 ? requests.read(1000L * i) : requests.write(1000L * i));
            }
            loop.runUntil(0);
            List<Request> inDriver = new ArrayList<>();
            for (Request rq : loop.started()) {
                if (loop.times(rq).completed() < 0) {
                    inDriver.add(rq);
                }
            }
            require(!inDriver.isEmpty(), "nothing was dispatched to an idle device");
            for (Request rq : inDriver) {
                loop.requeue(rq);
            }
            loop.submit(requests.syncWrite(90_000), MqScheduler.INSERT_AT_HEAD);
            loop.runToCompletion(TIME_LIMIT_NANOS);
            require(loop.completed().size() == loop.submitted().size() - loop.mergedAway().size(),
                    "only " + loop.completed().size() + " of " + loop.submitted().size() + " requests completed");
        }

        void limitDepth() {
            for (int nrRequests : new int[] {4, 16, 64, 256, 2048}) {
                FakeMqSchedulerContext context = FakeMqSchedulerContext.create();
                MqScheduler scheduler = context.start(provider, settings);
                context.setNrRequests(nrRequests);
                HardwareQueue hctx = context.hardwareQueue(0);
                int word = 1 << hctx.schedulerTagShift();
                Task task = context.requests().defaultTask();
                for (Op op : new Op[] {Op.READ, Op.WRITE}) {
                    for (int flags : new int[] {0, RequestFlags.SYNC}) {
                        int depth = scheduler.limitDepth(op, flags, task, hctx);
                        require(depth >= 0 && depth <= word, "limitDepth(" + op + ", " + RequestFlags.rwbs(op, flags)
                                + ") gave " + depth + " with nr_requests " + nrRequests + " (words of " + word
                                + " bits): accepted 0 (no limit) or 1.." + word);
                    }
                }
            }
        }

        void deterministic() {
            String first = runMix(7, 250);
            String second = runMix(7, 250);
            require(first.equals(second), "two runs of seed 7 differ:\n" + first + "\n--- against ---\n" + second);
        }

        void randomMixes() {
            for (long seed : RANDOM_SEEDS) {
                int hz = HZ_VALUES[(int) (seed % HZ_VALUES.length)];
                try {
                    runMix(seed, hz);
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError("random mix with seed " + seed + ", HZ " + hz + ": " + e.getMessage(), e);
                }
            }
        }

        /** One random mix; returns its dispatch order and completion times. */
        private String runMix(long seed, int hz) {
            FakeMqSchedulerContext context = FakeMqSchedulerContext.builder().hz(hz).hardwareQueues(2)
                    .nrRequests(16).seed(seed).build();
            MqDeviceLoop loop = MqDeviceLoop.on(context).serviceTime(rq -> MS / 4 + (rq.sector() % 7) * MS / 8)
                    .slots(4).build(ctx -> provider.create(ctx, settings));
            SplittableRandom random = new SplittableRandom(seed);
            Requests requests = loop.requests();
            Task[] tasks = {
                requests.task("rt", IoPrioClass.RT, 0, Cgroup.ROOT),
                requests.task("be", IoPrioClass.BE, 4, Cgroup.ROOT),
                requests.task("idle", IoPrioClass.IDLE, 7, Cgroup.ROOT),
                requests.task("db", IoPrioClass.BE, 0, new Cgroup("/db", 500)),
            };
            long time = 0;
            for (int i = 0; i < 300; i++) {
                time += random.nextLong(2 * MS);
                Task task = tasks[random.nextInt(tasks.length)];
                Op op = random.nextInt(3) == 0 ? Op.WRITE : Op.READ;
                int flags = random.nextBoolean() ? RequestFlags.SYNC : 0;
                long sector = random.nextInt(4) == 0 ? 8L * i : random.nextLong(1L << 24) & ~7L;
                int sectors = Requests.SECTORS * (1 + random.nextInt(4));
                int cpu = random.nextInt(context.cpuCount());
                Bio bio = requests.bio(task, op, flags, sector, sectors, NOTHING);
                if (random.nextInt(5) == 0) {
                    bio.setIoPriority(IoPriority.of(IoPrioClass.RT, 2));
                }
                long at = time;
                context.schedule(at, () -> loop.submitBio(bio, cpu));
            }
            context.schedule(time / 2, () -> context.setNrRequests(32));
            loop.runToCompletion(TIME_LIMIT_NANOS);
            for (int i = 0; i < context.hardwareQueueCount(); i++) {
                require(loop.schedulerTagsInUse(i) == 0, loop.schedulerTagsInUse(i) + " scheduler tags of hctx" + i
                        + " are still taken after every request completed");
            }
            StringBuilder order = new StringBuilder();
            for (Request rq : loop.started()) {
                order.append(rq.id()).append('@').append(loop.times(rq).completed()).append(' ');
            }
            return order.toString();
        }
    }
}
