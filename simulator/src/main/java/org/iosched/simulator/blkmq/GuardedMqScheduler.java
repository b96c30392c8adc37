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
    private final int initHardwareQueueHook;
    private final int exitHardwareQueueHook;
    private final int depthUpdatedHook;
    private final int limitDepthHook;
    private final int prepareRequestHook;
    private final int finishRequestHook;
    private final int bioMergeHook;
    private final int requestMergeHook;
    private final int allowMergeHook;
    private final int requestMergedHook;
    private final int requestsMergedHook;
    private final int formerRequestHook;
    private final int nextRequestHook;
    private final int insertRequestsHook;
    private final int dispatchRequestHook;
    private final int hasWorkHook;
    private final int completedRequestHook;
    private final int requeueRequestHook;
    private final int initIoContextHook;
    private final int exitIoContextHook;
    private final int exitHook;

    GuardedMqScheduler(MqScheduler delegate, String label, HookWatch watch) {
        this.delegate = delegate;
        this.label = label;
        this.watch = watch;
        this.initHardwareQueueHook = watch.id(new HookWatch.Hook(label, "initHardwareQueue"));
        this.exitHardwareQueueHook = watch.id(new HookWatch.Hook(label, "exitHardwareQueue"));
        this.depthUpdatedHook = watch.id(new HookWatch.Hook(label, "depthUpdated"));
        this.limitDepthHook = watch.id(new HookWatch.Hook(label, "limitDepth"));
        this.prepareRequestHook = watch.id(new HookWatch.Hook(label, "prepareRequest"));
        this.finishRequestHook = watch.id(new HookWatch.Hook(label, "finishRequest"));
        this.bioMergeHook = watch.id(new HookWatch.Hook(label, "bioMerge"));
        this.requestMergeHook = watch.id(new HookWatch.Hook(label, "requestMerge"));
        this.allowMergeHook = watch.id(new HookWatch.Hook(label, "allowMerge"));
        this.requestMergedHook = watch.id(new HookWatch.Hook(label, "requestMerged"));
        this.requestsMergedHook = watch.id(new HookWatch.Hook(label, "requestsMerged"));
        this.formerRequestHook = watch.id(new HookWatch.Hook(label, "formerRequest"));
        this.nextRequestHook = watch.id(new HookWatch.Hook(label, "nextRequest"));
        this.insertRequestsHook = watch.id(new HookWatch.Hook(label, "insertRequests"));
        this.dispatchRequestHook = watch.id(new HookWatch.Hook(label, "dispatchRequest"));
        this.hasWorkHook = watch.id(new HookWatch.Hook(label, "hasWork"));
        this.completedRequestHook = watch.id(new HookWatch.Hook(label, "completedRequest"));
        this.requeueRequestHook = watch.id(new HookWatch.Hook(label, "requeueRequest"));
        this.initIoContextHook = watch.id(new HookWatch.Hook(label, "initIoContext"));
        this.exitIoContextHook = watch.id(new HookWatch.Hook(label, "exitIoContext"));
        this.exitHook = watch.id(new HookWatch.Hook(label, "exit"));
    }

    String label() {
        return label;
    }

    @Override
    public void initHardwareQueue(HardwareQueue hctx) {
        int interrupted = watch.enter(initHardwareQueueHook);
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
        int interrupted = watch.enter(exitHardwareQueueHook);
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
        int interrupted = watch.enter(depthUpdatedHook);
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
        int interrupted = watch.enter(limitDepthHook);
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
        int interrupted = watch.enter(prepareRequestHook);
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
        int interrupted = watch.enter(finishRequestHook);
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
        int interrupted = watch.enter(bioMergeHook);
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
        int interrupted = watch.enter(requestMergeHook);
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
        int interrupted = watch.enter(allowMergeHook);
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
        int interrupted = watch.enter(requestMergedHook);
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
        int interrupted = watch.enter(requestsMergedHook);
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
        int interrupted = watch.enter(formerRequestHook);
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
        int interrupted = watch.enter(nextRequestHook);
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
        int interrupted = watch.enter(insertRequestsHook);
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
        int interrupted = watch.enter(dispatchRequestHook);
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
        int interrupted = watch.enter(hasWorkHook);
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
        int interrupted = watch.enter(completedRequestHook);
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
        int interrupted = watch.enter(requeueRequestHook);
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
        int interrupted = watch.enter(initIoContextHook);
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
        int interrupted = watch.enter(exitIoContextHook);
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
        int interrupted = watch.enter(exitHook);
        try {
            delegate.exit();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "exit", e);
        } finally {
            watch.exit(interrupted);
        }
    }
}
