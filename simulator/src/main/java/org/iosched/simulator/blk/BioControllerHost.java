package org.iosched.simulator.blk;

import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.BioControllerContext;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.cpu.Workqueue;

/** The {@link BioControllerContext} the {@link BioLayer} hands to the controller at one stage. */
final class BioControllerHost implements BioControllerContext {
    private final BioLayer layer;
    private final int stage;
    private final String label;
    private final RandomGenerator random;
    /** The kernel thread this controller asked for last: the context of its worker. */
    Task workerTask;
    /** The worker threads its timers' work runs on, one per CPU (created with the first timer). */
    private Workqueue workers;

    BioControllerHost(BioLayer layer, int stage, String label, RandomGenerator random) {
        this.layer = layer;
        this.stage = stage;
        this.label = label;
        this.random = random;
    }

    @Override
    public long now() {
        return layer.clock().now();
    }

    @Override
    public Timer newTimer(Runnable callback) {
        // a controller's timer is a delayed work item: its callback runs in the worker thread (kthrotld, kioband)
        Cpus cpus = layer.queue().cpus();
        if (workers == null) {
            workers = new Workqueue(layer.clock(), cpus, label);
        }
        return new WorkerTimer(layer.clock(), cpus, workers, label, callback);
    }

    @Override
    public void passDown(Bio bio) {
        layer.passDown(stage, bio);
    }

    @Override
    public Task kernelThread(String name) {
        Task task = layer.kernelThread(name);
        workerTask = task;
        return task;
    }

    @Override
    public void wake(Task task) {
        layer.wake(stage, task);
    }

    @Override
    public Cgroup cgroup(String path) {
        return layer.cgroup(path);
    }

    @Override
    public int nrRequests() {
        return layer.queue().nrRequests();
    }

    @Override
    public DeviceInfo device() {
        return layer.queue().deviceInfo();
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public TraceSink trace() {
        return layer.trace();
    }

    @Override
    public void unplug() {
        layer.unplug(stage);
    }
}
