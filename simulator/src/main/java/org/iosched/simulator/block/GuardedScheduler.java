package org.iosched.simulator.block;

import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.blk.GuardedPlugin;
import org.iosched.simulator.engine.HookWatch;

/**
 * Calls a scheduler plugin and names it in any exception it throws ({@link GuardedPlugin}), so that a
 * failure deep in a completion or a timer is reported as {@code scheduler cfq threw ...}; a stack overflow in a
 * hook is the plugin's failure too, named with the hook. Each call is recorded in the run's {@link HookWatch}
 * (which hook runs now) for the runner's watchdog.
 */
final class GuardedScheduler extends GuardedPlugin implements IoScheduler {
    private final IoScheduler delegate;
    private final int setRequest;
    private final int putRequest;
    private final int mayQueue;
    private final int findFrontMerge;
    private final int allowMerge;
    private final int merged;
    private final int requestsMerged;
    private final int formerRequest;
    private final int latterRequest;
    private final int add;
    private final int dispatch;
    private final int hasQueued;
    private final int activate;
    private final int deactivate;
    private final int completed;
    private final int taskExit;
    private final int exit;

    GuardedScheduler(IoScheduler delegate, String label, HookWatch watch) {
        super(label, watch);
        this.delegate = delegate;
        this.setRequest = hook("setRequest");
        this.putRequest = hook("putRequest");
        this.mayQueue = hook("mayQueue");
        this.findFrontMerge = hook("findFrontMerge");
        this.allowMerge = hook("allowMerge");
        this.merged = hook("merged");
        this.requestsMerged = hook("requestsMerged");
        this.formerRequest = hook("formerRequest");
        this.latterRequest = hook("latterRequest");
        this.add = hook("add");
        this.dispatch = hook("dispatch");
        this.hasQueued = hook("hasQueued");
        this.activate = hook("activate");
        this.deactivate = hook("deactivate");
        this.completed = hook("completed");
        this.taskExit = hook("taskExit");
        this.exit = hook("exit");
    }

    @Override
    public void setRequest(Request rq) {
        int interrupted = enter(setRequest);
        try {
            delegate.setRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("setRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void putRequest(Request rq) {
        int interrupted = enter(putRequest);
        try {
            delegate.putRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("putRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public MayQueue mayQueue(Task task, Op op, int flags) {
        MayQueue answer;
        int interrupted = enter(mayQueue);
        try {
            answer = delegate.mayQueue(task, op, flags);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("mayQueue", e);
        } finally {
            exit(interrupted);
        }
        return answer == null ? MayQueue.MAY : answer;
    }

    @Override
    public Request findFrontMerge(Bio bio) {
        int interrupted = enter(findFrontMerge);
        try {
            return delegate.findFrontMerge(bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("findFrontMerge", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        int interrupted = enter(allowMerge);
        try {
            return delegate.allowMerge(rq, bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("allowMerge", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void merged(Request rq, boolean front) {
        int interrupted = enter(merged);
        try {
            delegate.merged(rq, front);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("merged", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        int interrupted = enter(requestsMerged);
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
        int interrupted = enter(formerRequest);
        try {
            return delegate.formerRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("formerRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public Request latterRequest(Request rq) {
        int interrupted = enter(latterRequest);
        try {
            return delegate.latterRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("latterRequest", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void add(Request rq) {
        int interrupted = enter(add);
        try {
            delegate.add(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("add", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public int dispatch(boolean force) {
        int interrupted = enter(dispatch);
        try {
            return delegate.dispatch(force);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("dispatch", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public boolean hasQueued() {
        int interrupted = enter(hasQueued);
        try {
            return delegate.hasQueued();
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("hasQueued", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void activate(Request rq) {
        int interrupted = enter(activate);
        try {
            delegate.activate(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("activate", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void deactivate(Request rq) {
        int interrupted = enter(deactivate);
        try {
            delegate.deactivate(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("deactivate", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void completed(Request rq) {
        int interrupted = enter(completed);
        try {
            delegate.completed(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("completed", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void taskExit(Task task) {
        int interrupted = enter(taskExit);
        try {
            delegate.taskExit(task);
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("taskExit", e);
        } finally {
            exit(interrupted);
        }
    }

    @Override
    public void exit() {
        int interrupted = enter(exit);
        try {
            delegate.exit();
        } catch (RuntimeException | StackOverflowError e) {
            throw blame("exit", e);
        } finally {
            exit(interrupted);
        }
    }
}
