/**
 * The embedding API and the run: {@link org.iosched.simulator.Simulation} (a builder of one run: workload,
 * device, scheduler, kernel settings, bio controllers and rq-qos policies, trace, seed) and
 * {@link org.iosched.simulator.RunMonitor} are what a program embedding iosched uses; the results are in
 * {@link org.iosched.simulator.result}.
 *
 * <p>Internal: {@code SimulationRun} wires and drives one run (engine, device, CPUs, block layer, bio layer, OS
 * model, statistics); the kernel era ({@code Era30}: the 2.6.32-3.0 single-queue block layer, {@code Era66}: Linux
 * 6.6's blk-mq, both a {@code KernelEra}) builds the run's block layer and gives the OS model its rules;
 * {@code BioControllerCheck} creates bio controllers and rq-qos policies once on a dry context to validate their
 * settings before a run.
 *
 * <p>Packages depend downwards only: this one on all; the block layers ({@code block}, {@code blkmq}) on the shared
 * core ({@code blk}); {@code os} on {@code blk}; everything on {@code engine}; no package cycle.
 */
package org.iosched.simulator;
