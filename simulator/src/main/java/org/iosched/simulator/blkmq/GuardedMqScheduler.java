package org.iosched.simulator.blkmq;

import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginGuard;

/**
 * Calls a blk-mq scheduler plugin and names it, with the hook, in any exception it throws ({@link PluginGuard});
 * each call is recorded in the run's {@link HookWatch} for the runner's watchdog.
 */
final class GuardedMqScheduler implements MqScheduler {
    private final MqScheduler delegate;
    private final String label;
    private final HookWatch watch;
    private final HookWatch.Hook initHardwareQueueHook;
    private final HookWatch.Hook exitHardwareQueueHook;
    private final HookWatch.Hook depthUpdatedHook;
    private final HookWatch.Hook limitDepthHook;
    private final HookWatch.Hook prepareRequestHook;
    private final HookWatch.Hook finishRequestHook;
    private final HookWatch.Hook bioMergeHook;
    private final HookWatch.Hook requestMergeHook;
    private final HookWatch.Hook allowMergeHook;
    private final HookWatch.Hook requestMergedHook;
    private final HookWatch.Hook requestsMergedHook;
    private final HookWatch.Hook formerRequestHook;
    private final HookWatch.Hook nextRequestHook;
    private final HookWatch.Hook insertRequestsHook;
    private final HookWatch.Hook dispatchRequestHook;
    private final HookWatch.Hook hasWorkHook;
    private final HookWatch.Hook completedRequestHook;
    private final HookWatch.Hook requeueRequestHook;
    private final HookWatch.Hook initIoContextHook;
    private final HookWatch.Hook exitIoContextHook;
    private final HookWatch.Hook exitHook;

    GuardedMqScheduler(MqScheduler delegate, String label, HookWatch watch) {
        this.delegate = delegate;
        this.label = label;
        this.watch = watch;
        this.initHardwareQueueHook = new HookWatch.Hook(label, "initHardwareQueue");
        this.exitHardwareQueueHook = new HookWatch.Hook(label, "exitHardwareQueue");
        this.depthUpdatedHook = new HookWatch.Hook(label, "depthUpdated");
        this.limitDepthHook = new HookWatch.Hook(label, "limitDepth");
        this.prepareRequestHook = new HookWatch.Hook(label, "prepareRequest");
        this.finishRequestHook = new HookWatch.Hook(label, "finishRequest");
        this.bioMergeHook = new HookWatch.Hook(label, "bioMerge");
        this.requestMergeHook = new HookWatch.Hook(label, "requestMerge");
        this.allowMergeHook = new HookWatch.Hook(label, "allowMerge");
        this.requestMergedHook = new HookWatch.Hook(label, "requestMerged");
        this.requestsMergedHook = new HookWatch.Hook(label, "requestsMerged");
        this.formerRequestHook = new HookWatch.Hook(label, "formerRequest");
        this.nextRequestHook = new HookWatch.Hook(label, "nextRequest");
        this.insertRequestsHook = new HookWatch.Hook(label, "insertRequests");
        this.dispatchRequestHook = new HookWatch.Hook(label, "dispatchRequest");
        this.hasWorkHook = new HookWatch.Hook(label, "hasWork");
        this.completedRequestHook = new HookWatch.Hook(label, "completedRequest");
        this.requeueRequestHook = new HookWatch.Hook(label, "requeueRequest");
        this.initIoContextHook = new HookWatch.Hook(label, "initIoContext");
        this.exitIoContextHook = new HookWatch.Hook(label, "exitIoContext");
        this.exitHook = new HookWatch.Hook(label, "exit");
    }

    String label() {
        return label;
    }

    @Override
    public void initHardwareQueue(HardwareQueue hctx) {
        HookWatch.Hook interrupted = watch.enter(initHardwareQueueHook);
        try {
            delegate.initHardwareQueue(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "initHardwareQueue", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void exitHardwareQueue(HardwareQueue hctx) {
        HookWatch.Hook interrupted = watch.enter(exitHardwareQueueHook);
        try {
            delegate.exitHardwareQueue(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "exitHardwareQueue", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void depthUpdated(HardwareQueue hctx) {
        HookWatch.Hook interrupted = watch.enter(depthUpdatedHook);
        try {
            delegate.depthUpdated(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "depthUpdated", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
        HookWatch.Hook interrupted = watch.enter(limitDepthHook);
        try {
            return delegate.limitDepth(op, flags, task, hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "limitDepth", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void prepareRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(prepareRequestHook);
        try {
            delegate.prepareRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "prepareRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void finishRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(finishRequestHook);
        try {
            delegate.finishRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "finishRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public boolean bioMerge(Bio bio) {
        HookWatch.Hook interrupted = watch.enter(bioMergeHook);
        try {
            return delegate.bioMerge(bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "bioMerge", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public Request requestMerge(Bio bio) {
        HookWatch.Hook interrupted = watch.enter(requestMergeHook);
        try {
            return delegate.requestMerge(bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "requestMerge", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        HookWatch.Hook interrupted = watch.enter(allowMergeHook);
        try {
            return delegate.allowMerge(rq, bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "allowMerge", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void requestMerged(Request rq, boolean front) {
        HookWatch.Hook interrupted = watch.enter(requestMergedHook);
        try {
            delegate.requestMerged(rq, front);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "requestMerged", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        HookWatch.Hook interrupted = watch.enter(requestsMergedHook);
        try {
            delegate.requestsMerged(rq, next);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "requestsMerged", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public Request formerRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(formerRequestHook);
        try {
            return delegate.formerRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "formerRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public Request nextRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(nextRequestHook);
        try {
            return delegate.nextRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "nextRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        HookWatch.Hook interrupted = watch.enter(insertRequestsHook);
        try {
            delegate.insertRequests(hctx, requests, flags);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "insertRequests", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        HookWatch.Hook interrupted = watch.enter(dispatchRequestHook);
        try {
            return delegate.dispatchRequest(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "dispatchRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public boolean hasWork(HardwareQueue hctx) {
        HookWatch.Hook interrupted = watch.enter(hasWorkHook);
        try {
            return delegate.hasWork(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "hasWork", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void completedRequest(Request rq, long now) {
        HookWatch.Hook interrupted = watch.enter(completedRequestHook);
        try {
            delegate.completedRequest(rq, now);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "completedRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void requeueRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(requeueRequestHook);
        try {
            delegate.requeueRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "requeueRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void initIoContext(Task task) {
        HookWatch.Hook interrupted = watch.enter(initIoContextHook);
        try {
            delegate.initIoContext(task);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "initIoContext", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void exitIoContext(Task task) {
        HookWatch.Hook interrupted = watch.enter(exitIoContextHook);
        try {
            delegate.exitIoContext(task);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "exitIoContext", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void exit() {
        HookWatch.Hook interrupted = watch.enter(exitHook);
        try {
            delegate.exit();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "exit", e);
        } finally {
            watch.exit(interrupted);
        }
    }
}
