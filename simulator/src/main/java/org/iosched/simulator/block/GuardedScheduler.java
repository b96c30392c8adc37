package org.iosched.simulator.block;

import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginGuard;

/**
 * Calls a scheduler plugin and names it in any exception it throws ({@link PluginGuard}), so that a
 * failure deep in a completion or a timer is reported as {@code scheduler cfq threw ...}; a stack overflow in a
 * hook is the plugin's failure too, named with the hook. Each call is recorded in the run's {@link HookWatch}
 * (which hook runs now) for the runner's watchdog.
 */
final class GuardedScheduler implements IoScheduler {
    private final IoScheduler delegate;
    private final String label;
    private final HookWatch watch;
    private final HookWatch.Hook setRequest;
    private final HookWatch.Hook putRequest;
    private final HookWatch.Hook mayQueue;
    private final HookWatch.Hook findFrontMerge;
    private final HookWatch.Hook allowMerge;
    private final HookWatch.Hook merged;
    private final HookWatch.Hook requestsMerged;
    private final HookWatch.Hook formerRequest;
    private final HookWatch.Hook latterRequest;
    private final HookWatch.Hook add;
    private final HookWatch.Hook dispatch;
    private final HookWatch.Hook hasQueued;
    private final HookWatch.Hook activate;
    private final HookWatch.Hook deactivate;
    private final HookWatch.Hook completed;
    private final HookWatch.Hook taskExit;
    private final HookWatch.Hook exit;

    GuardedScheduler(IoScheduler delegate, String label, HookWatch watch) {
        this.delegate = delegate;
        this.label = label;
        this.watch = watch;
        this.setRequest = new HookWatch.Hook(label, "setRequest");
        this.putRequest = new HookWatch.Hook(label, "putRequest");
        this.mayQueue = new HookWatch.Hook(label, "mayQueue");
        this.findFrontMerge = new HookWatch.Hook(label, "findFrontMerge");
        this.allowMerge = new HookWatch.Hook(label, "allowMerge");
        this.merged = new HookWatch.Hook(label, "merged");
        this.requestsMerged = new HookWatch.Hook(label, "requestsMerged");
        this.formerRequest = new HookWatch.Hook(label, "formerRequest");
        this.latterRequest = new HookWatch.Hook(label, "latterRequest");
        this.add = new HookWatch.Hook(label, "add");
        this.dispatch = new HookWatch.Hook(label, "dispatch");
        this.hasQueued = new HookWatch.Hook(label, "hasQueued");
        this.activate = new HookWatch.Hook(label, "activate");
        this.deactivate = new HookWatch.Hook(label, "deactivate");
        this.completed = new HookWatch.Hook(label, "completed");
        this.taskExit = new HookWatch.Hook(label, "taskExit");
        this.exit = new HookWatch.Hook(label, "exit");
    }

    String label() {
        return label;
    }

    @Override
    public void setRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(setRequest);
        try {
            delegate.setRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "setRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void putRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(putRequest);
        try {
            delegate.putRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "putRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public MayQueue mayQueue(Task task, Op op, int flags) {
        MayQueue answer;
        HookWatch.Hook interrupted = watch.enter(mayQueue);
        try {
            answer = delegate.mayQueue(task, op, flags);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "mayQueue", e);
        } finally {
            watch.exit(interrupted);
        }
        return answer == null ? MayQueue.MAY : answer;
    }

    @Override
    public Request findFrontMerge(Bio bio) {
        HookWatch.Hook interrupted = watch.enter(findFrontMerge);
        try {
            return delegate.findFrontMerge(bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "findFrontMerge", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        HookWatch.Hook interrupted = watch.enter(allowMerge);
        try {
            return delegate.allowMerge(rq, bio);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "allowMerge", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void merged(Request rq, boolean front) {
        HookWatch.Hook interrupted = watch.enter(merged);
        try {
            delegate.merged(rq, front);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "merged", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        HookWatch.Hook interrupted = watch.enter(requestsMerged);
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
        HookWatch.Hook interrupted = watch.enter(formerRequest);
        try {
            return delegate.formerRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "formerRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public Request latterRequest(Request rq) {
        HookWatch.Hook interrupted = watch.enter(latterRequest);
        try {
            return delegate.latterRequest(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "latterRequest", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void add(Request rq) {
        HookWatch.Hook interrupted = watch.enter(add);
        try {
            delegate.add(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "add", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public int dispatch(boolean force) {
        HookWatch.Hook interrupted = watch.enter(dispatch);
        try {
            return delegate.dispatch(force);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "dispatch", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public boolean hasQueued() {
        HookWatch.Hook interrupted = watch.enter(hasQueued);
        try {
            return delegate.hasQueued();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "hasQueued", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void activate(Request rq) {
        HookWatch.Hook interrupted = watch.enter(activate);
        try {
            delegate.activate(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "activate", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void deactivate(Request rq) {
        HookWatch.Hook interrupted = watch.enter(deactivate);
        try {
            delegate.deactivate(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "deactivate", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void completed(Request rq) {
        HookWatch.Hook interrupted = watch.enter(completed);
        try {
            delegate.completed(rq);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "completed", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void taskExit(Task task) {
        HookWatch.Hook interrupted = watch.enter(taskExit);
        try {
            delegate.taskExit(task);
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "taskExit", e);
        } finally {
            watch.exit(interrupted);
        }
    }

    @Override
    public void exit() {
        HookWatch.Hook interrupted = watch.enter(exit);
        try {
            delegate.exit();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "exit", e);
        } finally {
            watch.exit(interrupted);
        }
    }
}
