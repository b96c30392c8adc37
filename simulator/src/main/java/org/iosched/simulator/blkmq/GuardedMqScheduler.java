package org.iosched.simulator.blkmq;

import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.blk.GuardedPlugin;
import org.iosched.simulator.engine.HookWatch;

/**
 * Calls a blk-mq scheduler plugin and names it, with the hook, in any exception it throws ({@link GuardedPlugin});
 * each call is recorded in the run's {@link HookWatch} for the runner's watchdog.
 */
final class GuardedMqScheduler extends GuardedPlugin implements MqScheduler {
    private final MqScheduler delegate;
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
        super(label, watch);
        this.delegate = delegate;
        this.initHardwareQueueHook = hook("initHardwareQueue");
        this.exitHardwareQueueHook = hook("exitHardwareQueue");
        this.depthUpdatedHook = hook("depthUpdated");
        this.limitDepthHook = hook("limitDepth");
        this.prepareRequestHook = hook("prepareRequest");
        this.finishRequestHook = hook("finishRequest");
        this.bioMergeHook = hook("bioMerge");
        this.requestMergeHook = hook("requestMerge");
        this.allowMergeHook = hook("allowMerge");
        this.requestMergedHook = hook("requestMerged");
        this.requestsMergedHook = hook("requestsMerged");
        this.formerRequestHook = hook("formerRequest");
        this.nextRequestHook = hook("nextRequest");
        this.insertRequestsHook = hook("insertRequests");
        this.dispatchRequestHook = hook("dispatchRequest");
        this.hasWorkHook = hook("hasWork");
        this.completedRequestHook = hook("completedRequest");
        this.requeueRequestHook = hook("requeueRequest");
        this.initIoContextHook = hook("initIoContext");
        this.exitIoContextHook = hook("exitIoContext");
        this.exitHook = hook("exit");
    }

    @Override
    public void initHardwareQueue(HardwareQueue hctx) {
        int interrupted = enter(initHardwareQueueHook);
        try {
            delegate.initHardwareQueue(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("initHardwareQueue", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void exitHardwareQueue(HardwareQueue hctx) {
        int interrupted = enter(exitHardwareQueueHook);
        try {
            delegate.exitHardwareQueue(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("exitHardwareQueue", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void depthUpdated(HardwareQueue hctx) {
        int interrupted = enter(depthUpdatedHook);
        try {
            delegate.depthUpdated(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("depthUpdated", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
        int interrupted = enter(limitDepthHook);
        try {
            return delegate.limitDepth(op, flags, task, hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("limitDepth", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void prepareRequest(Request rq) {
        int interrupted = enter(prepareRequestHook);
        try {
            delegate.prepareRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("prepareRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void finishRequest(Request rq) {
        int interrupted = enter(finishRequestHook);
        try {
            delegate.finishRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("finishRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public boolean bioMerge(Bio bio) {
        int interrupted = enter(bioMergeHook);
        try {
            return delegate.bioMerge(bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("bioMerge", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public Request requestMerge(Bio bio) {
        int interrupted = enter(requestMergeHook);
        try {
            return delegate.requestMerge(bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("requestMerge", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        int interrupted = enter(allowMergeHook);
        try {
            return delegate.allowMerge(rq, bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("allowMerge", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void requestMerged(Request rq, boolean front) {
        int interrupted = enter(requestMergedHook);
        try {
            delegate.requestMerged(rq, front);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("requestMerged", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        int interrupted = enter(requestsMergedHook);
        try {
            delegate.requestsMerged(rq, next);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("requestsMerged", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public Request formerRequest(Request rq) {
        int interrupted = enter(formerRequestHook);
        try {
            return delegate.formerRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("formerRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public Request nextRequest(Request rq) {
        int interrupted = enter(nextRequestHook);
        try {
            return delegate.nextRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("nextRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        int interrupted = enter(insertRequestsHook);
        try {
            delegate.insertRequests(hctx, requests, flags);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("insertRequests", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        int interrupted = enter(dispatchRequestHook);
        try {
            return delegate.dispatchRequest(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("dispatchRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public boolean hasWork(HardwareQueue hctx) {
        int interrupted = enter(hasWorkHook);
        try {
            return delegate.hasWork(hctx);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("hasWork", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void completedRequest(Request rq, long now) {
        int interrupted = enter(completedRequestHook);
        try {
            delegate.completedRequest(rq, now);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("completedRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void requeueRequest(Request rq) {
        int interrupted = enter(requeueRequestHook);
        try {
            delegate.requeueRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("requeueRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void initIoContext(Task task) {
        int interrupted = enter(initIoContextHook);
        try {
            delegate.initIoContext(task);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("initIoContext", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void exitIoContext(Task task) {
        int interrupted = enter(exitIoContextHook);
        try {
            delegate.exitIoContext(task);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("exitIoContext", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void exit() {
        int interrupted = enter(exitHook);
        try {
            delegate.exit();
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("exit", e);
        } finally {
            exit(interrupted);
        }
    }
}
