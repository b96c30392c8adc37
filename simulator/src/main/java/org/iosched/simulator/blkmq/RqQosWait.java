package org.iosched.simulator.blkmq;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.simulator.blk.ReturnDelayListener;
import org.iosched.simulator.blk.TaskDirectory;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.SimTimer;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The sleeping side of a queue's {@link RqQosChain} (block/blk-rq-qos.c's {@code rq_qos_wait}) and the
 * {@link RqQosContext} each policy is created with. {@code rq_qos_throttle} runs after the merge attempts failed and
 * before the tag; a policy that holds the bio ({@link RqQosPolicy.Throttle#WAIT}) puts the task to sleep as
 * {@code rq_qos_wait} does (its plug flushed, from schedule) until the policy resumes it
 * ({@link RqQosContext#resume}), then the next policy throttles it and it allocates.
 *
 * <p>Limitations: a bio always gets its tag (sleeping if need be), so {@code rq_qos_cleanup} (allocation failed
 * after throttle, REQ_NOWAIT) never happens; the task {@code rq_qos_done} woke and the tasks the freed tags woke race
 * for the tags in the kernel, here the tag sleepers run first.
 */
final class RqQosWait {
    /** A task asleep in {@code rq_qos_wait}: its bio, the policy holding it and the CPU it submitted on. */
    private static final class Waiter {
        Bio bio;
        int policy;
        int cpu;
        boolean woken;
        SimTimer wakeTimer;
    }

    private final MqRequestQueue q;
    private final EventQueue clock;
    private final BlockTrace trace;
    private final RqQosChain qos;
    /** Tasks asleep in an rq-qos policy ({@code rq_qos_wait}), by the bio they hold. */
    private final IdentityHashMap<Bio, Waiter> waiters = new IdentityHashMap<>();
    private final ArrayDeque<Waiter> freeWaiters = new ArrayDeque<>();
    /** Tasks asleep in rq-qos. */
    int sleeping;
    /** Waiters a policy resumed while a request was being freed: woken once its tags are put. */
    private final List<Waiter> deferredWakes = new ArrayList<>();
    /** A request is being freed: resumed waiters wait in {@link #deferredWakes}. */
    boolean deferWakes;
    /** {@code wb->dirty_sleep}. */
    long lastDirtySleep = Long.MIN_VALUE;
    /** The OS model's tasks and cgroups, for {@link RqQosContext#cgroup}. */
    TaskDirectory tasks;
    /** The OS model's side of {@code blkcg_schedule_throttle}. */
    ReturnDelayListener returnDelays = (task, nanos) -> {
    };

    RqQosWait(MqRequestQueue q) {
        this.q = q;
        this.clock = q.clock;
        this.trace = q.trace;
        this.qos = q.qos;
    }

    /** The context of a policy named {@code name}. */
    RqQosContext newContext(String name, RandomGenerator random) {
        return new Context(name, random);
    }

    /** {@code rq_qos_add} of a policy created on {@code context}, which must be one of this queue's, used once. */
    void add(RqQosPolicy policy, RqQosContext context) {
        if (!(context instanceof Context c) || c.queue() != q || c.policy != null) {
            throw new IllegalArgumentException("addRqQos takes a context of this queue's rqQosContext, once");
        }
        c.policy = policy;
        qos.add(policy, c.name);
    }

    /** {@code rq_qos_throttle} from policy {@code from} on; false when a policy holds the bio (the task sleeps). */
    boolean throttle(Bio bio, int from, int cpu) {
        int held = qos.throttle(bio, from);
        if (held < 0) {
            return true;
        }
        Waiter w = freeWaiters.pollFirst();
        if (w == null) {
            Waiter fresh = new Waiter();
            fresh.wakeTimer = clock.newTimer(null, () -> waiterWoke(fresh));
            w = fresh;
        }
        w.bio = bio;
        w.policy = held;
        w.cpu = cpu;
        w.woken = false;
        if (waiters.put(bio, w) != null) {
            throw new InvariantViolationException(qos.label(held) + " held " + bio + ", which already sleeps in"
                    + " an rq-qos policy");
        }
        sleeping++;
        // rq_qos_wait sleeps in io_schedule, which flushes the plug (from schedule)
        q.plugs.flush(bio.task(), true);
        return false;
    }

    // RqQosContext.resume: the waiter runs again (on its CPU, when the waker's wake-up lands)
    private void resume(Context context, Bio bio) {
        Waiter w = bio == null ? null : waiters.get(bio);
        String label = RqQosChain.label(context.name);
        if (w == null || w.woken) {
            throw new InvariantViolationException(label + " resumed " + bio + ", which "
                    + (w == null ? "no task sleeps on in rq-qos" : "was already resumed"));
        }
        if (qos.indexOf(context.policy) != w.policy) {
            throw new InvariantViolationException(label + " resumed " + bio + ", which " + qos.label(w.policy)
                    + " holds");
        }
        w.woken = true;
        if (deferWakes) {
            deferredWakes.add(w);
        } else {
            w.wakeTimer.arm(q.cpus.wakeAt());
        }
    }

    /** The wake-ups deferred while a request was freed land now, after its tags were put. */
    void armDeferredWakes() {
        if (deferredWakes.isEmpty()) {
            return;
        }
        long at = q.cpus.wakeAt();
        for (int i = 0; i < deferredWakes.size(); i++) {
            deferredWakes.get(i).wakeTimer.arm(at);
        }
        deferredWakes.clear();
    }

    private void waiterWoke(Waiter w) {
        Bio bio = w.bio;
        Task previous = trace.swapCurrent(bio.task());
        try {
            waiters.remove(bio);
            sleeping--;
            int cpu = w.cpu;
            int from = w.policy + 1;
            w.bio = null;
            freeWaiters.addLast(w);
            if (!throttle(bio, from, cpu)) {
                return;
            }
            Hctx h = q.cpuToHctx[cpu];
            Request rq = q.tags.allocate(bio, h, cpu, true);
            if (rq == null) {
                q.tags.sleepForTag(bio, h, cpu);
                return;
            }
            if (qos.size() > 0) {
                qos.track(rq, bio);
            }
            q.afterWokenAllocation(rq);
            q.sleepListener.resumed(bio);
        } finally {
            trace.swapCurrent(previous);
        }
    }

    /** What an rq-qos policy of this queue is handed. */
    final class Context implements RqQosContext {
        final String name;
        private final RandomGenerator random;
        private final String label;
        RqQosPolicy policy;

        Context(String name, RandomGenerator random) {
            this.name = Objects.requireNonNull(name, "name");
            this.random = random;
            this.label = RqQosChain.label(name);
        }

        MqRequestQueue queue() {
            return q;
        }

        /** {@code blkcg_schedule_throttle}: never a kernel thread ({@code PF_KTHREAD} returns at once). */
        @Override
        public void delayTask(Task task, long nanos) {
            if (task != null && !task.isKernelThread() && nanos > 0) {
                returnDelays.delay(task, nanos);
            }
        }

        @Override
        public long now() {
            return clock.now();
        }

        @Override
        public Timer newTimer(Runnable callback) {
            return clock.newTimer(label, callback);
        }

        @Override
        public DeviceInfo device() {
            return q.info;
        }

        @Override
        public int nrRequests() {
            return q.nrRequests();
        }

        /**
         * {@code blk_queue_depth}: SCSI sets {@code q->queue_depth} to the LUN's depth ({@code scsi_change_queue_depth}
         * calls {@code blk_set_queue_depth} with {@code sdev->queue_depth}, the dispatch budget: 1 on a SATA disk
         * without NCQ though AHCI has 32 tags); without a budget, one hardware queue's driver tags; other drivers
         * leave it, and {@code nr_requests} counts (simplified: by the queue count).
         */
        @Override
        public int queueDepth() {
            if (q.budget.depth > 0) {
                return q.budget.depth;
            }
            return q.hctxs.length == 1 ? q.hctxs[0].driverTagDepth() : q.nrRequests();
        }

        @Override
        public Cgroup cgroup(String path) {
            return tasks == null ? null : tasks.cgroup(path);
        }

        @Override
        public void resume(Bio bio) {
            RqQosWait.this.resume(this, bio);
        }

        @Override
        public int hz() {
            return q.kernelClock.hz();
        }

        @Override
        public long lastDirtySleep() {
            return lastDirtySleep;
        }

        @Override
        public void runQueues() {
            q.sched.runHwQueues(true);
        }

        @Override
        public RandomGenerator random() {
            return random;
        }

        @Override
        public TraceSink trace() {
            return trace;
        }
    }
}
