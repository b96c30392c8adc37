package org.iosched.simulator;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.RqQosProvider;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.simulator.blk.DeviceHost;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.engine.PluginGuard;
import org.iosched.simulator.trace.BlockTrace;

/**
 * Validates bio-controller and rq-qos settings at {@link Simulation.Builder#build()} by creating each controller once on a
 * dry context, so that a bad key fails before any run starts. The dry context has the queue's
 * {@code nr_requests} and the device's facts (the device is created once, on first ask, with a throwaway host);
 * its timers never fire, no task has used a cgroup yet, and no bio may be passed down, woken or resumed.
 */
final class BioControllerCheck implements BioControllerContext, RqQosContext {
    private final int nrRequests;
    private final BlockDeviceProvider deviceProvider;
    private final Settings deviceSettings;
    private final EventQueue clock = new EventQueue();
    private final BlockTrace trace = new BlockTrace(clock, null);
    private DeviceInfo device;
    private String controller;

    BioControllerCheck(int nrRequests, BlockDeviceProvider deviceProvider, Settings deviceSettings) {
        this.nrRequests = nrRequests;
        this.deviceProvider = deviceProvider;
        this.deviceSettings = deviceSettings;
    }

    /**
     * Creates the controller on this context and drops it.
     *
     * @throws org.iosched.api.InvalidInputException on bad settings
     * @throws PluginFailureException                naming the controller when {@code create} threw anything else
     */
    void create(BioControllerProvider provider, Map<String, String> settings) {
        controller = "bio controller " + provider.name();
        BioController created;
        try {
            created = provider.create(this, settings);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(controller, e);
        }
        if (created == null) {
            throw new PluginFailureException(controller, new NullPointerException("create returned null"));
        }
    }

    /**
     * Creates the rq-qos policy on this context and drops it.
     *
     * @throws org.iosched.api.InvalidInputException on bad settings
     * @throws PluginFailureException                naming the policy when {@code create} threw anything else
     */
    void create(RqQosProvider provider, Map<String, String> settings) {
        controller = "rq-qos " + provider.name();
        RqQosPolicy created;
        try {
            created = provider.create(this, settings);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(controller, e);
        }
        if (created == null) {
            throw new PluginFailureException(controller, new NullPointerException("create returned null"));
        }
    }

    @Override
    public void resume(Bio bio) {
        throw new IllegalStateException("resume while the simulation is being built");
    }

    @Override
    public long now() {
        return 0;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return clock.newTimer(controller, callback);
    }

    @Override
    public void passDown(Bio bio) {
        throw new IllegalStateException("passDown while the simulation is being built");
    }

    @Override
    public Task kernelThread(String name) {
        return new Task(0, name, true, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT);
    }

    @Override
    public void wake(Task task) {
        throw new IllegalStateException("wake while the simulation is being built");
    }

    @Override
    public Cgroup cgroup(String path) {
        return null;
    }

    @Override
    public int nrRequests() {
        return nrRequests;
    }

    @Override
    public DeviceInfo device() {
        if (device == null) {
            String label = "device " + deviceProvider.name();
            DeviceHost host = new DeviceHost(clock, new SplittableRandom(0), trace, label);
            try {
                BlockDevice created = deviceProvider.create(host, deviceSettings);
                device = created.info();
            } catch (RuntimeException e) {
                throw PluginGuard.blame(label, e);
            }
        }
        return device;
    }

    @Override
    public RandomGenerator random() {
        return new SplittableRandom(0);
    }

    @Override
    public TraceSink trace() {
        return trace;
    }
}
