/**
 * The machine's CPUs (kernel/sched/core.c's run queues as far as I/O needs them, kernel/softirq.c's
 * {@code ksoftirqd}, kernel/workqueue.c): {@link org.iosched.simulator.cpu.Cpus} (tasks run in steps on CPUs, the
 * kernel's work charged where it is spent, interrupts preempting), {@link org.iosched.simulator.cpu.Workqueue} (a
 * per-CPU workqueue's kernel threads: {@code kblockd}, {@code kthrotld}, {@code kioband}),
 * {@link org.iosched.simulator.cpu.CpuAccount} (a task's usr/sys time and context switches) and
 * {@link org.iosched.simulator.cpu.CpuTunables} (the {@code cpu.*} costs, per era).
 *
 * <p>Nothing internal.
 */
package org.iosched.simulator.cpu;
