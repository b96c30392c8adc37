package org.iosched.simulator.cpu;

import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.SimTimer;

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
 *   <li>Interrupt work ({@link #enterInterrupt}, {@link #interrupt}) is serialized on its CPU: it starts when
 *       the CPU's earlier interrupt work is done ({@link #interruptFreeAt}) and preempts a task's step, whose
 *       remaining work (and the task's next step) is pushed on by the interrupt's cost, as a hard IRQ preempts
 *       whatever runs. It is nobody's usr/sys (the kernel charges it to whoever was running; fio's figures for an
 *       idle-waiting job leave it out). Work outside any step or interrupt (timer callbacks) is interrupt work on
 *       CPU 0, where the disk's IRQ is routed. Busy intervals never overlap, so a CPU's busy time never exceeds
 *       the time until its work is done ({@link #checkBusyTime}).</li>
 *   <li>{@code cpu.speed} divides every cost.</li>
 *   <li>A runnable task whose CPU is busy waits for it ({@link #waitFor}) and picks again when that CPU was to be
 *       free: a CPU it may use that is idle then pulls it (idle balancing); a step is never moved once begun.</li>
 *   <li>{@code ksoftirqd/N} ({@link #ksoftirqd}) is a task pinned to its CPU; softirq work run in its steps sets
 *       off its wake-ups and dispatches when that work is done, as in the interrupt.</li>
 * </ul>
 *
 * <p>Limitations: no preemption of a running step by another task (no wake-up preemption, no time slices), no
 * periodic load balancing or migration cost (a waiting task is pulled by an idle CPU, a running one never moves),
 * no cache effects, SMT, NUMA or frequency scaling.
 */
public final class Cpus {
    private final EventQueue clock;
    private final CpuTunables tunables;
    private final long[] busyUntil;
    /** When each CPU's interrupt work is done (never after {@code busyUntil}). */
    private final long[] irqUntil;
    private final CpuAccount[] lastAccount;
    private final long[] busyNanos;
    private final long[] interruptNanos;
    private final long everyCpu;

    /** {@code ksoftirqd/N}, one per CPU, pinned to it. */
    private final CpuAccount[] ksoftirqd;
    /** Runnable tasks waiting for a busy CPU, longest waiting first (an intrusive FIFO through the accounts). */
    private CpuAccount waitHead;
    private CpuAccount waitTail;

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
        this.irqUntil = new long[n];
        this.lastAccount = new CpuAccount[n];
        this.busyNanos = new long[n];
        this.interruptNanos = new long[n];
        this.everyCpu = n == 64 ? -1L : (1L << n) - 1;
        this.ksoftirqd = new CpuAccount[n];
        for (int cpu = 0; cpu < n; cpu++) {
            ksoftirqd[cpu] = new CpuAccount("ksoftirqd/" + cpu, 1L << cpu);
            ksoftirqd[cpu].softirqThread = true;
        }
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

    /** {@code ksoftirqd/N} of {@code cpu}. */
    public CpuAccount ksoftirqd(int cpu) {
        return ksoftirqd[cpu];
    }

    /**
     * The runnable task of {@code account} waits for {@code cpu}, which {@link #pick} chose and which is busy:
     * {@code resume} (what runs the task) fires when that CPU was to be free; the task then picks again. Idle
     * balancing follows: no other CPU can go idle before that instant (pick chose the one free first, and a CPU's
     * work only grows), so when work pushed in meanwhile (interrupts, ksoftirqd) keeps its CPU busy, the idle CPU
     * it may use pulls it then, or it waits for the allowed CPU free first. {@link #stopWaiting} when it runs.
     */
    public void waitFor(CpuAccount account, int cpu, SimTimer resume) {
        long free = freeAt(cpu);
        resume.arm(free);
        if (account.waitingOn < 0) {
            account.nextWaiting = null;
            if (waitTail == null) {
                waitHead = account;
            } else {
                waitTail.nextWaiting = account;
            }
            waitTail = account;
        }
        account.waitingOn = cpu;
    }

    /** Whether a task waits for {@code cpu} ({@link #waitFor}). */
    public boolean hasWaiter(int cpu) {
        for (CpuAccount a = waitHead; a != null; a = a.nextWaiting) {
            if (a.waitingOn == cpu) {
                return true;
            }
        }
        return false;
    }

    /** The task of {@code account} runs (or sleeps): it no longer waits for a CPU. */
    public void stopWaiting(CpuAccount account) {
        if (account.waitingOn < 0) {
            return;
        }
        CpuAccount prev = null;
        for (CpuAccount a = waitHead; a != null; prev = a, a = a.nextWaiting) {
            if (a == account) {
                if (prev == null) {
                    waitHead = a.nextWaiting;
                } else {
                    prev.nextWaiting = a.nextWaiting;
                }
                if (waitTail == a) {
                    waitTail = prev;
                }
                break;
            }
        }
        account.nextWaiting = null;
        account.waitingOn = -1;
    }

    /** When {@code cpu} has done everything charged to it so far (at least now). */
    public long freeAt(int cpu) {
        return Math.max(busyUntil[cpu], clock.now());
    }

    /** When {@code cpu} has done the interrupt work charged to it so far (at least now). */
    public long interruptFreeAt(int cpu) {
        return Math.max(irqUntil[cpu], clock.now());
    }

    /** Whether a task's step is running (charges go to it). */
    public boolean inStep() {
        return stepCpu >= 0;
    }

    /** Whether interrupt work is running (charges go to the interrupt's CPU). */
    public boolean inInterrupt() {
        return interruptDepth > 0;
    }

    /**
     * Leave interrupt context for a nested kernel thread's step (a worker that runs at once, right after the
     * interrupt's work so far); returns what {@link #resumeInterrupt} restores.
     */
    public long suspendInterrupt() {
        long saved = ((long) interruptDepth << 32) | (interruptCpu & 0xffffffffL);
        interruptDepth = 0;
        interruptCpu = -1;
        return saved;
    }

    /** Back in the interrupt context {@link #suspendInterrupt} left. */
    public void resumeInterrupt(long saved) {
        interruptDepth = (int) (saved >>> 32);
        interruptCpu = (int) saved;
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
        if (switched) {
            lastAccount[cpu] = account; // stored only when it changes: a reference store pays the GC's barrier
        }
        account.lastCpu = cpu;
    }

    /** End the running step; returns when its CPU is free again (the task's next step starts no earlier). */
    public long end() {
        long until = busyUntil[stepCpu];
        stepAccount.workUntil = until;
        stepCpu = -1;
        stepAccount = null;
        return until;
    }

    /**
     * When the work charged so far in the current context is done: the step's CPU's {@code busyUntil} in a step,
     * else the interrupt work's on the interrupt's CPU (CPU 0 outside any step or interrupt, where such work is
     * charged).
     */
    public long ready() {
        if (interruptDepth == 0 && stepCpu >= 0) {
            return busyUntil[stepCpu];
        }
        long irq = Math.max(irqUntil[interruptDepth > 0 ? interruptCpu : 0], clock.now());
        return inSoftirqThread() ? Math.max(irq, busyUntil[stepCpu]) : irq;
    }

    // softirq work in ksoftirqd's step on the interrupt's CPU: what it sets off happens when its work so far is done
    private boolean inSoftirqThread() {
        return stepCpu >= 0 && stepAccount.softirqThread && interruptDepth > 0 && stepCpu == interruptCpu;
    }

    /**
     * When a task woken now may run: in interrupt context once the interrupt's work charged so far is done (a
     * completion wakes its waiter at the end of its softirq work, so the completion path is on the waiter's
     * latency, and a CPU swamped by interrupts delays the tasks they wake), otherwise now (the woken task may run
     * on another CPU at once; on the waker's own CPU it waits for the step anyway).
     */
    public long wakeAt() {
        if (interruptDepth == 0) {
            return clock.now();
        }
        long irq = Math.max(irqUntil[interruptCpu], clock.now());
        return inSoftirqThread() ? Math.max(irq, busyUntil[stepCpu]) : irq;
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
            if (stepAccount.softirqThread) {
                // softirq time in /proc/stat, whether in the interrupt or in ksoftirqd
                interruptNanos[stepCpu] += nanos;
            }
            return;
        }
        interrupt(interruptDepth > 0 ? interruptCpu : 0, nanos);
    }

    /**
     * Interrupt work of {@code nanos} on {@code cpu}: it starts once the CPU's earlier interrupt work is done and
     * preempts the task work in progress there, which ends that much later (as does the task's next step).
     *
     * @return when this interrupt work is done
     */
    public long interrupt(int cpu, long nanos) {
        long start = Math.max(irqUntil[cpu], clock.now());
        if (nanos <= 0) {
            return start;
        }
        long end = start + nanos;
        irqUntil[cpu] = end;
        if (busyUntil[cpu] > start) {
            // a hard IRQ preempts the step running there: its remaining work is pushed on
            busyUntil[cpu] += nanos;
            CpuAccount running = lastAccount[cpu];
            if (running != null && running.workUntil > start) {
                running.workUntil += nanos;
            }
        } else {
            busyUntil[cpu] = end;
        }
        busyNanos[cpu] += nanos;
        interruptNanos[cpu] += nanos;
        return end;
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

    /**
     * The invariant that a CPU's busy time never exceeds the time its work took: at most the later of
     * {@code runNanos} and the end of the work charged to it.
     *
     * @throws InvariantViolationException naming the CPU
     */
    public void checkBusyTime(long runNanos) {
        for (int cpu = 0; cpu < busyNanos.length; cpu++) {
            if (busyNanos[cpu] > Math.max(runNanos, busyUntil[cpu])) {
                throw new InvariantViolationException("CPU " + cpu + " was busy " + busyNanos[cpu] + " ns in a run of "
                        + runNanos + " ns (its work ends at " + busyUntil[cpu] + " ns)");
            }
        }
    }

    /** CPU time used on {@code cpu}, interrupts included. */
    public long busyNanos(int cpu) {
        return busyNanos[cpu];
    }

    /** Interrupt, softirq (ksoftirqd's included) and timer work on {@code cpu}. */
    public long interruptNanos(int cpu) {
        return interruptNanos[cpu];
    }
}
