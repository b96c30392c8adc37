package org.iosched.simulator.cpu;

import org.iosched.simulator.engine.EventQueue;

/**
 * The machine's CPUs ({@code cpu.count}, numbered from 0), each busy until some instant of virtual time, and the
 * one place where the kernel's work is charged to them.
 *
 * <p>Features:
 * <ul>
 *   <li>A task runs in <em>steps</em>: {@link #pick} chooses its CPU (the CPU it ran on last if idle, else the
 *       allowed CPU that is free first, lowest number on ties), the caller waits until that CPU is free (a FIFO
 *       run queue per CPU), then {@link #begin} makes it the current CPU. Every cost charged during the step
 *       ({@link #charge}, {@link #chargeUser}) moves the CPU's {@code busyUntil} on and is the task's system or
 *       user time; {@link #ready} is when the step's work so far is done (a system call's return).</li>
 *   <li>A step that starts after the task slept, or on a CPU whose last task was another, is a context switch:
 *       it costs {@code cpu.context_switch_ns} and counts in the task's {@code ctx}.</li>
 *   <li>Interrupt and timer work ({@link #enterInterrupt}): costs charged there steal time from the CPU it runs
 *       on ({@code busyUntil = max(busyUntil, now) + cost}) without waiting for it, and are nobody's usr/sys
 *       (the kernel charges them to whoever was running; fio's figures for an idle-waiting job leave them out).
 *       Work outside any step or interrupt (the unplug timer, kblockd, schedulers' timers, bio controllers'
 *       workers) runs on CPU 0, where the disk's IRQ is routed.</li>
 *   <li>{@code cpu.speed} divides every cost.</li>
 * </ul>
 *
 * <p>Limitations: no preemption of a running step, no load balancing or migration cost, no cache effects, SMT,
 * NUMA or frequency scaling; what a step causes (a bio reaching the queue) happens at the step's start, and only
 * the task's next actions wait for its CPU time.
 */
public final class Cpus {
    private final EventQueue clock;
    private final CpuTunables tunables;
    private final long[] busyUntil;
    private final CpuAccount[] lastAccount;
    private final long[] busyNanos;
    private final long[] interruptNanos;
    private final long everyCpu;

    private int stepCpu = -1;
    private CpuAccount stepAccount;
    private int interruptCpu = -1;
    private int interruptDepth;

    /** Pre-scaled costs, in nanoseconds on this machine's CPUs. */
    public final long syscall;
    public final long contextSwitch;
    public final long wakeup;
    public final long pageLookup;
    public final long dioSetup;
    public final long bioSubmit;
    public final long request;
    public final long elevatorDefault;
    public final long dispatch;
    public final long completion;
    public final long fsync;
    public final long commit;
    public final long commitBlock;
    public final long readaheadPage;
    public final long writebackPage;
    public final long aioSubmit;
    public final long aioReap;
    private final long copyPerKib;
    private long elevator;

    public Cpus(EventQueue clock, CpuTunables tunables) {
        this.clock = clock;
        this.tunables = tunables;
        int n = tunables.count();
        this.busyUntil = new long[n];
        this.lastAccount = new CpuAccount[n];
        this.busyNanos = new long[n];
        this.interruptNanos = new long[n];
        this.everyCpu = n == 64 ? -1L : (1L << n) - 1;
        this.syscall = scaled(tunables.syscallNanos());
        this.contextSwitch = scaled(tunables.contextSwitchNanos());
        this.wakeup = scaled(tunables.wakeupNanos());
        this.pageLookup = scaled(tunables.pageLookupNanos());
        this.dioSetup = scaled(tunables.dioSetupNanos());
        this.copyPerKib = tunables.copyNanosPerKib();
        this.bioSubmit = scaled(tunables.bioSubmitNanos());
        this.request = scaled(tunables.requestNanos());
        this.elevatorDefault = scaled(tunables.elevatorNanos());
        this.elevator = elevatorDefault;
        this.dispatch = scaled(tunables.dispatchNanos());
        this.completion = scaled(tunables.completionNanos());
        this.fsync = scaled(tunables.fsyncNanos());
        this.commit = scaled(tunables.commitNanos());
        this.commitBlock = scaled(tunables.commitBlockNanos());
        this.readaheadPage = scaled(tunables.readaheadPageNanos());
        this.writebackPage = scaled(tunables.writebackPageNanos());
        this.aioSubmit = scaled(tunables.aioSubmitNanos());
        this.aioReap = scaled(tunables.aioReapNanos());
    }

    /** A machine without CPU costs (tests of other layers). */
    public static Cpus free(EventQueue clock) {
        return new Cpus(clock, CpuTunables.free(1));
    }

    /** A cost on the reference CPU, on this machine's CPUs. */
    public long scaled(long referenceNanos) {
        return referenceNanos * 100 / tunables.speedPercent();
    }

    /** The tunables. */
    public CpuTunables tunables() {
        return tunables;
    }

    /** {@code cpu.count}. */
    public int count() {
        return tunables.count();
    }

    /** Every online CPU as an affinity mask. */
    public long everyCpu() {
        return everyCpu;
    }

    /**
     * The scheduler's cost per request: its provider's {@code requestCpuNanos} on the reference CPU, or -1 for
     * {@code cpu.elevator_request_ns}.
     */
    public void setElevatorNanos(long referenceNanos) {
        this.elevator = referenceNanos < 0 ? elevatorDefault : scaled(referenceNanos);
    }

    /** The scheduler's cost per request on this machine. */
    public long elevator() {
        return elevator;
    }

    /** {@code bytes} copied between the page cache and user space. */
    public long copy(long bytes) {
        return scaled(bytes * copyPerKib / 1024);
    }

    // ---------------------------------------------------------------- steps

    /** The CPU {@code account}'s task runs on next: its last CPU if idle, else the allowed CPU free first. */
    public int pick(CpuAccount account) {
        long now = clock.now();
        int last = account.lastCpu;
        if (last >= 0 && busyUntil[last] <= now && account.mayRunOn(last)) {
            return last;
        }
        int best = -1;
        for (int cpu = 0; cpu < busyUntil.length; cpu++) {
            if (account.mayRunOn(cpu) && (best < 0 || busyUntil[cpu] < busyUntil[best])) {
                best = cpu;
            }
        }
        return best;
    }

    /** When {@code cpu} has done everything charged to it so far (at least now). */
    public long freeAt(int cpu) {
        return Math.max(busyUntil[cpu], clock.now());
    }

    /** Whether a task's step is running (charges go to it). */
    public boolean inStep() {
        return stepCpu >= 0;
    }

    /** The account whose step is running, or null. */
    public CpuAccount current() {
        return stepAccount;
    }

    /**
     * Start a step of {@code account}'s task on {@code cpu}, which must be free.
     *
     * @param slept whether the task slept since its last step (it is switched back in)
     */
    public void begin(int cpu, CpuAccount account, boolean slept) {
        if (stepCpu >= 0) {
            throw new IllegalStateException("a step of " + stepAccount + " is running; " + account + " cannot start");
        }
        long now = clock.now();
        if (busyUntil[cpu] < now) {
            busyUntil[cpu] = now;
        }
        stepCpu = cpu;
        stepAccount = account;
        boolean switched = lastAccount[cpu] != account;
        if (slept || switched) {
            account.contextSwitches++;
            charge(contextSwitch);
        }
        lastAccount[cpu] = account;
        account.lastCpu = cpu;
    }

    /** End the running step; returns when its CPU is free again (the task's next step starts no earlier). */
    public long end() {
        long until = busyUntil[stepCpu];
        stepCpu = -1;
        stepAccount = null;
        return until;
    }

    /** When the work charged so far is done: the step's CPU's {@code busyUntil} in a step, else now. */
    public long ready() {
        return stepCpu >= 0 ? busyUntil[stepCpu] : clock.now();
    }

    /**
     * When a task woken now may run: in interrupt context once the interrupt's work charged so far is done (a
     * completion wakes its waiter at the end of its softirq work, so the completion path is on the waiter's
     * latency, and a CPU swamped by interrupts delays the tasks they wake), otherwise now (the woken task may run
     * on another CPU at once; on the waker's own CPU it waits for the step anyway).
     */
    public long wakeAt() {
        return interruptDepth > 0 ? Math.max(busyUntil[interruptCpu], clock.now()) : clock.now();
    }

    /** The CPU the kernel's code runs on now: the step's, the interrupt's, else CPU 0. */
    public int currentCpu() {
        if (interruptDepth > 0) {
            return interruptCpu;
        }
        return stepCpu >= 0 ? stepCpu : 0;
    }

    /** Kernel work in the current context (system time in a step, stolen time otherwise). */
    public void charge(long nanos) {
        if (nanos <= 0) {
            return;
        }
        if (interruptDepth == 0 && stepCpu >= 0) {
            busyUntil[stepCpu] += nanos;
            busyNanos[stepCpu] += nanos;
            stepAccount.systemNanos += nanos;
            return;
        }
        int cpu = interruptDepth > 0 ? interruptCpu : 0;
        busyUntil[cpu] = Math.max(busyUntil[cpu], clock.now()) + nanos;
        busyNanos[cpu] += nanos;
        interruptNanos[cpu] += nanos;
    }

    /** User-space work of the running step's task (fio's own per-I/O work, a spin). */
    public void chargeUser(long nanos) {
        if (nanos <= 0 || stepCpu < 0) {
            return;
        }
        busyUntil[stepCpu] += nanos;
        busyNanos[stepCpu] += nanos;
        stepAccount.userNanos += nanos;
    }

    /**
     * Interrupt or softirq work on {@code cpu} begins (a request's completion); charges go there until
     * {@link #exitInterrupt}. Nests; the innermost CPU wins, the outer one is restored by the caller.
     *
     * @return the CPU of the enclosing interrupt, to pass to {@link #exitInterrupt}
     */
    public int enterInterrupt(int cpu) {
        int outer = interruptCpu;
        interruptCpu = cpu < 0 || cpu >= busyUntil.length ? 0 : cpu;
        interruptDepth++;
        return outer;
    }

    /** The interrupt work begun by the matching {@link #enterInterrupt} ended. */
    public void exitInterrupt(int outer) {
        interruptDepth--;
        interruptCpu = outer;
    }

    /** The CPU a request completes on: {@code rq_affinity} applied to the CPU that submitted it. */
    public int completionCpu(int submittedOn) {
        // one package with a shared last-level cache: every CPU is in the submitter's group, so the softirq
        // stays on the CPU the IRQ lands on (CPU 0) for rq_affinity 0 and 1 alike (3.1's rq_affinity=2 is not
        // modelled)
        return 0;
    }

    /** CPU time used on {@code cpu}, interrupts included. */
    public long busyNanos(int cpu) {
        return busyNanos[cpu];
    }

    /** Interrupt and timer work on {@code cpu}. */
    public long interruptNanos(int cpu) {
        return interruptNanos[cpu];
    }
}
