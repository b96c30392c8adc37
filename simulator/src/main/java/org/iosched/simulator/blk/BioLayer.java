package org.iosched.simulator.blk;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.Cgroup;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.engine.PluginGuard;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The bio layer between the OS model and the request queue, 3.0's or blk-mq's {@link BlockQueue}
 * ({@code generic_make_request}): the bio controllers ({@link BioController}: dm-ioband, blkio throttling)
 * stacked in install order, each bio going through them in turn and then into the queue.
 *
 * <p>Features:
 * <ul>
 *   <li>A controller takes a bio and passes it down at once or later, exactly once; a bio passed down while
 *       its context is submitting waits behind the one in progress ({@code current->bio_list}), so stacking
 *       never recurses. A bio passed down from a timer or a completion goes on in the controller's worker
 *       context ({@link Lane}); a controller's timers are delayed work run by its worker thread on a CPU
 *       ({@link WorkerTimer}), so those bios go on in the worker's step (simplified: one passed down from a
 *       completion callback goes on in the interrupt's context).</li>
 *   <li>{@link BioController.Admission#SLEEP} puts the submitting context to sleep as waiting for a free
 *       request does: the OS model is told the submission sleeps, the context's later bios wait too, and
 *       after {@code wake(task)} the same bio is submitted to the same controller again (as an event at the
 *       time of the wake). A controller's worker that the queue or a controller below puts to sleep holds
 *       back its later bios the same way.</li>
 *   <li>On completion every controller is told, from the lowest to the highest, before the bio's
 *       {@code bi_end_io} runs.</li>
 *   <li>Kernel threads the controllers ask for are created once, by name, through the OS model.</li>
 *   <li>Contract checks: a bio passed down that the controller does not hold, a {@code SLEEP} for a bio already
 *       passed down, and a wake for a task that does not sleep are {@link InvariantViolationException}s naming
 *       the controller; an exception a controller throws is a {@link PluginFailureException} naming it.</li>
 * </ul>
 *
 * <p>Without controllers a bio goes straight to the queue, exactly as before the layer existed.
 */
public final class BioLayer {
    /** Told when a task whose submission slept may continue. */
    @FunctionalInterface
    public interface ResumeListener {
        /** {@code task}'s bio went through (every controller, and the queue gave it a request). */
        void resumed(Task task);
    }

    private final BlockQueue queue;
    private final EventQueue clock;
    private final BlockTrace trace;
    private ControllerStage[] stages = new ControllerStage[0];
    private TaskDirectory tasks;
    private ResumeListener resumeListener = task -> {
        throw new IllegalStateException("a task's bio went through after a sleep but nobody listens");
    };
    private final IdentityHashMap<Task, Lane> taskLanes = new IdentityHashMap<>();
    /** Contexts asleep for a request, by the bio they sleep on. */
    private final IdentityHashMap<Bio, Lane> queueSleepers = new IdentityHashMap<>();
    private final Map<String, Task> kernelThreads = new LinkedHashMap<>();
    /** The context submitting now, or null (timer, completion). */
    private Lane current;
    private Lane.Pending freePending;
    /** Bios waiting in contexts, and contexts asleep (woken ones until they run). */
    private int pending;
    private int asleep;

    /**
     * @param queue the request queue below
     * @param clock virtual time
     * @param trace the block trace
     */
    public BioLayer(BlockQueue queue, EventQueue clock, BlockTrace trace) {
        this.queue = Objects.requireNonNull(queue, "queue");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.trace = Objects.requireNonNull(trace, "trace");
        queue.setSleepListener(this::queueResumed);
        queue.setBioCompletionListener(this::completed);
    }

    /** The request queue below. */
    public BlockQueue queue() {
        return queue;
    }

    /** Who is told when a task that slept in the layer or for a request may go on (the OS model). */
    public void setResumeListener(ResumeListener listener) {
        this.resumeListener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Creates a controller from {@code provider} and stacks it below those installed before.
     *
     * @param tasks    the OS model's tasks and cgroups
     * @param random   the controller's seeded stream
     * @param settings the keys under the provider's name, without the prefix
     * @throws org.iosched.api.InvalidInputException on bad settings
     * @throws PluginFailureException                when {@code create} threw anything else
     */
    public void install(BioControllerProvider provider, Map<String, String> settings, TaskDirectory tasks,
                        RandomGenerator random) {
        this.tasks = Objects.requireNonNull(tasks, "tasks");
        int index = stages.length;
        String name = provider.name();
        BioControllerHost host = new BioControllerHost(this, index, "bio controller " + name, random);
        ControllerStage stage = new ControllerStage(index, name, host);
        stage.worker.wakeTimer = clock.newTimer(null, () -> wokeUp(stage.worker));
        stages = Arrays.copyOf(stages, index + 1);
        stages[index] = stage;
        BioController controller;
        try {
            controller = provider.create(host, settings);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(stage.label, e);
        }
        if (controller == null) {
            throw new PluginFailureException(stage.label, new NullPointerException("create returned null"));
        }
        stage.controller = controller;
    }

    /** The controllers' names, in stacking order. */
    public String[] controllerNames() {
        String[] names = new String[stages.length];
        for (int i = 0; i < stages.length; i++) {
            names[i] = stages[i].name;
        }
        return names;
    }

    // ---------------------------------------------------------------- submission

    /**
     * {@code generic_make_request} from an OS-model task.
     *
     * @return true when the bio went on; false when the task sleeps (in a controller or for a request), in
     *         which case the {@link ResumeListener} is told once it may go on
     */
    public boolean submit(Bio bio) {
        if (stages.length == 0) {
            return queue.submit(bio);
        }
        Lane lane = taskLane(bio.task());
        lane.append(obtain(bio, 0));
        if (!lane.asleep && !lane.draining) {
            drain(lane);
        }
        if (lane.asleep || lane.head != null) {
            lane.osWaiting = true;
            return false;
        }
        return true;
    }

    /** {@code exit_io_context}: the task exited. */
    public void taskExit(Task task) {
        Lane lane = taskLanes.get(task);
        if (lane != null && !lane.asleep && lane.head == null) {
            taskLanes.remove(task);
        }
        queue.taskExit(task);
    }

    private Lane taskLane(Task task) {
        Lane lane = taskLanes.get(task);
        if (lane == null) {
            Lane fresh = new Lane(task, -1);
            fresh.wakeTimer = clock.newTimer(null, () -> wokeUp(fresh));
            taskLanes.put(task, fresh);
            lane = fresh;
        }
        return lane;
    }

    /** A controller at {@code stage} passes {@code bio} down, in the context running now or its worker's. */
    void passDown(int stage, Bio bio) {
        ControllerStage s = stages[stage];
        if (s.held.remove(bio) == null) {
            throw new InvariantViolationException(s.label + " passed down " + bio + ", which it does not hold "
                    + "(passed down twice, or never submitted to it)");
        }
        Lane lane = current != null ? current : s.worker;
        lane.append(obtain(bio, stage + 1));
        if (!lane.asleep && !lane.draining) {
            drain(lane);
        }
    }

    // the context's bios go on in order until it sleeps or has none left
    private void drain(Lane lane) {
        lane.draining = true;
        Lane previousLane = current;
        current = lane;
        Task previousTask = trace.swapCurrent(laneTask(lane));
        try {
            Lane.Pending p;
            while (!lane.asleep && (p = lane.poll()) != null) {
                Bio bio = p.bio;
                int stage = p.stage;
                recycle(p);
                if (!enter(lane, bio, stage)) {
                    lane.asleep = true;
                    lane.sleepBio = bio;
                    lane.sleepStage = stage;
                    asleep++;
                }
            }
        } finally {
            lane.draining = false;
            current = previousLane;
            trace.swapCurrent(previousTask);
        }
        if (!lane.asleep && lane.head == null && lane.osWaiting) {
            lane.osWaiting = false;
            resumeListener.resumed(lane.owner);
        }
    }

    private Task laneTask(Lane lane) {
        return lane.owner != null ? lane.owner : stages[lane.workerStage].host.workerTask;
    }

    /** {@code bio} enters {@code stage} (a controller, or the queue past the last); false when the context sleeps. */
    private boolean enter(Lane lane, Bio bio, int stage) {
        if (stage == stages.length) {
            if (queue.submit(bio)) {
                return true;
            }
            queueSleepers.put(bio, lane);
            return false;
        }
        ControllerStage s = stages[stage];
        s.held.put(bio, Boolean.TRUE);
        BioController.Admission admission;
        try {
            admission = s.controller.submit(bio);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(s.label, e);
        }
        if (admission == BioController.Admission.TAKEN) {
            return true;
        }
        if (admission == null) {
            throw new PluginFailureException(s.label, new NullPointerException("submit returned null for " + bio));
        }
        if (s.held.remove(bio) == null) {
            throw new InvariantViolationException(s.label + " put " + bio.task() + " to sleep for " + bio
                    + " after passing that bio down");
        }
        s.addSleeper(bio.task(), lane);
        return false;
    }

    // ---------------------------------------------------------------- sleeping and waking

    /** The controller at {@code stage} wakes {@code task}: its bio is submitted to it again, in an event now. */
    void wake(int stage, Task task) {
        ControllerStage s = stages[stage];
        Lane lane = s.removeSleeper(task);
        if (lane == null) {
            throw new InvariantViolationException(s.label + " woke " + task + ", which does not sleep in it");
        }
        lane.wakeTimer.arm(clock.now());
    }

    private void wokeUp(Lane lane) {
        Bio bio = lane.sleepBio;
        lane.sleepBio = null;
        lane.asleep = false;
        asleep--;
        lane.push(obtain(bio, lane.sleepStage));
        drain(lane);
    }

    // the queue gave a sleeping context its request and queued the bio
    private void queueResumed(Bio bio) {
        if (stages.length == 0) {
            resumeListener.resumed(bio.task());
            return;
        }
        Lane lane = queueSleepers.remove(bio);
        if (lane == null) {
            throw new InvariantViolationException("the request queue resumed " + bio + ", which no context sleeps on");
        }
        lane.sleepBio = null;
        lane.asleep = false;
        asleep--;
        drain(lane);
    }

    // ---------------------------------------------------------------- completion

    // bio_endio through the stack, the lowest controller first, before the submitter's bi_end_io
    private void completed(Bio bio) {
        for (int i = stages.length - 1; i >= 0; i--) {
            ControllerStage s = stages[i];
            try {
                s.controller.completed(bio);
            } catch (RuntimeException e) {
                throw PluginGuard.blame(s.label, e);
            }
        }
    }

    // ---------------------------------------------------------------- services for the hosts

    EventQueue clock() {
        return clock;
    }

    BlockTrace trace() {
        return trace;
    }

    Task kernelThread(String name) {
        Objects.requireNonNull(name, "name");
        Task task = kernelThreads.get(name);
        if (task == null) {
            task = tasks.createKernelThread(name);
            kernelThreads.put(name, task);
        }
        return task;
    }

    Cgroup cgroup(String path) {
        return tasks.cgroup(path);
    }

    /** A controller runs the queue below ({@code blk_unplug}) in the context running now or its worker's. */
    void unplug(int stage) {
        Task task = current != null ? laneTask(current) : stages[stage].host.workerTask;
        queue.unplug(task);
    }

    // ---------------------------------------------------------------- state and results

    /** Whether no controller holds a bio and no context sleeps or waits in the layer. */
    public boolean idle() {
        if (pending != 0 || asleep != 0) {
            return false;
        }
        for (ControllerStage s : stages) {
            if (!s.held.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** What the layer still holds, for stall and end-of-run messages. */
    public String describePending() {
        StringBuilder sb = new StringBuilder();
        for (ControllerStage s : stages) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(s.label).append(" holds ").append(s.held.size()).append(" bios with ").append(s.sleeping())
                    .append(" tasks asleep in it");
        }
        return sb.append("; ").append(asleep).append(" contexts asleep (").append(queueSleepers.size())
                .append(" for a request) with ").append(pending).append(" more bios waiting behind them").toString();
    }

    /**
     * The end-of-run check: no controller holds a bio. Call only when the run ended normally.
     *
     * @throws InvariantViolationException naming the controller
     */
    public void checkDrained() {
        if (!idle()) {
            throw new InvariantViolationException("bios never reached the request queue: " + describePending());
        }
    }

    /** Every controller's statistics, each key prefixed with the controller's name and a dot. */
    public Map<String, Number> statistics() {
        Map<String, Number> all = new LinkedHashMap<>();
        for (ControllerStage s : stages) {
            Map<String, Number> own;
            try {
                own = s.controller.statistics();
            } catch (RuntimeException e) {
                throw PluginGuard.blame(s.label, e);
            }
            if (own == null) {
                throw new PluginFailureException(s.label, new NullPointerException("statistics() returned null"));
            }
            own.forEach((key, value) -> all.put(s.name + "." + key, value));
        }
        return all;
    }

    // ---------------------------------------------------------------- recycled nodes

    private Lane.Pending obtain(Bio bio, int stage) {
        Lane.Pending p = freePending;
        if (p != null) {
            freePending = p.next;
            p.next = null;
        } else {
            p = new Lane.Pending();
        }
        p.bio = bio;
        p.stage = stage;
        pending++;
        return p;
    }

    private void recycle(Lane.Pending p) {
        p.bio = null;
        p.next = freePending;
        freePending = p;
        pending--;
    }
}
