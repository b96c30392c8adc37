package org.iosched.simulator.testing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.Task;
import org.iosched.api.Timer;

/**
 * A test bio controller: it holds every bio for {@code holdNanos} plus a draw of up to {@code jitterNanos} from
 * its seeded stream, then re-issues it from its kernel thread {@code kholdd} (FIFO, one timer). With a hold of 0
 * it passes each bio down at once in the submitter's context. It can put a task to sleep on its first bio and
 * wake it later, and it records what it saw into a shared event log.
 */
public final class HoldingController implements BioController {
    /** One bio as this controller saw it. */
    public record Seen(Bio bio, Task submitter, long time) {
    }

    private final BioControllerContext context;
    private final String name;
    private final long holdNanos;
    private final long jitterNanos;
    private final boolean unplug;
    private final long sleepNanos;
    private final List<String> log;
    private final ArrayDeque<Bio> held = new ArrayDeque<>();
    private final ArrayDeque<Long> due = new ArrayDeque<>();
    private final Timer release;
    private final Set<Task> putToSleep = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Seen> submitted = new ArrayList<>();
    private final List<Seen> passedDown = new ArrayList<>();
    private final IdentityHashMap<Bio, Integer> completions = new IdentityHashMap<>();
    private int sleeps;
    private int wakes;
    private long firstDraw = -1;
    /** Set to pass the next released bio down twice (a broken controller). */
    public boolean passDownTwice;

    HoldingController(BioControllerContext context, String name, long holdNanos, long jitterNanos, boolean unplug,
                      long sleepNanos, List<String> log) {
        this.context = context;
        this.name = name;
        this.holdNanos = holdNanos;
        this.jitterNanos = jitterNanos;
        this.unplug = unplug;
        this.sleepNanos = sleepNanos;
        this.log = log;
        this.release = context.newTimer(this::releaseDue);
    }

    @Override
    public Admission submit(Bio bio) {
        submitted.add(new Seen(bio, bio.task(), context.now()));
        log.add(name + " submit " + bio.sector());
        Task task = bio.task();
        if (sleepNanos > 0 && !task.isKernelThread() && putToSleep.add(task)) {
            sleeps++;
            Timer waker = context.newTimer(() -> {
                wakes++;
                context.wake(task);
            });
            waker.arm(context.now() + sleepNanos);
            return Admission.SLEEP;
        }
        if (holdNanos == 0) {
            pass(bio);
            return Admission.TAKEN;
        }
        long jitter = jitterNanos == 0 ? 0 : context.random().nextLong(jitterNanos);
        if (firstDraw < 0) {
            firstDraw = jitter;
        }
        held.add(bio);
        due.add(context.now() + holdNanos + jitter);
        if (!release.isPending()) {
            release.arm(due.peek());
        }
        return Admission.TAKEN;
    }

    private void releaseDue() {
        Task worker = context.kernelThread("kholdd");
        while (!due.isEmpty() && due.peek() <= context.now()) {
            due.poll();
            Bio bio = held.poll();
            bio.reissueFrom(worker);
            pass(bio);
            if (passDownTwice) {
                context.passDown(bio);
            }
        }
        if (unplug) {
            context.unplug();
        }
        if (!due.isEmpty()) {
            release.arm(due.peek());
        }
    }

    private void pass(Bio bio) {
        passedDown.add(new Seen(bio, bio.task(), context.now()));
        context.passDown(bio);
    }

    @Override
    public void completed(Bio bio) {
        completions.merge(bio, 1, Integer::sum);
        log.add(name + " completed " + bio.sector());
    }

    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> stats = new LinkedHashMap<>();
        stats.put("submitted", submitted.size());
        stats.put("passed_down", passedDown.size());
        stats.put("sleeps", sleeps);
        stats.put("first_draw", firstDraw);
        return stats;
    }

    /** Every submit, in order (a bio submitted again after a sleep appears twice). */
    public List<Seen> submitted() {
        return submitted;
    }

    /** Every passDown, in order. */
    public List<Seen> passedDown() {
        return passedDown;
    }

    /** Completions per bio. */
    public Map<Bio, Integer> completions() {
        return completions;
    }

    /** Tasks put to sleep. */
    public int sleeps() {
        return sleeps;
    }

    /** Tasks woken. */
    public int wakes() {
        return wakes;
    }
}
