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
        this.delegate = delegate;
        this.label = label;
        this.watch = watch;
        this.setRequest = watch.id(new HookWatch.Hook(label, "setRequest"));
        this.putRequest = watch.id(new HookWatch.Hook(label, "putRequest"));
        this.mayQueue = watch.id(new HookWatch.Hook(label, "mayQueue"));
        this.findFrontMerge = watch.id(new HookWatch.Hook(label, "findFrontMerge"));
        this.allowMerge = watch.id(new HookWatch.Hook(label, "allowMerge"));
        this.merged = watch.id(new HookWatch.Hook(label, "merged"));
        this.requestsMerged = watch.id(new HookWatch.Hook(label, "requestsMerged"));
        this.formerRequest = watch.id(new HookWatch.Hook(label, "formerRequest"));
        this.latterRequest = watch.id(new HookWatch.Hook(label, "latterRequest"));
        this.add = watch.id(new HookWatch.Hook(label, "add"));
        this.dispatch = watch.id(new HookWatch.Hook(label, "dispatch"));
        this.hasQueued = watch.id(new HookWatch.Hook(label, "hasQueued"));
        this.activate = watch.id(new HookWatch.Hook(label, "activate"));
        this.deactivate = watch.id(new HookWatch.Hook(label, "deactivate"));
        this.completed = watch.id(new HookWatch.Hook(label, "completed"));
        this.taskExit = watch.id(new HookWatch.Hook(label, "taskExit"));
        this.exit = watch.id(new HookWatch.Hook(label, "exit"));
    }

    String label() {
        return label;
    }

    @Override
    public void setRequest(Request rq) {
        int interrupted = watch.enter(setRequest);
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
        int interrupted = watch.enter(putRequest);
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
        int interrupted = watch.enter(mayQueue);
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
        int interrupted = watch.enter(findFrontMerge);
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
        int interrupted = watch.enter(allowMerge);
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
        int interrupted = watch.enter(merged);
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
        int interrupted = watch.enter(requestsMerged);
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
        int interrupted = watch.enter(formerRequest);
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
        int interrupted = watch.enter(latterRequest);
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
        int interrupted = watch.enter(add);
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
        int interrupted = watch.enter(dispatch);
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
        int interrupted = watch.enter(hasQueued);
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
        int interrupted = watch.enter(activate);
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
        int interrupted = watch.enter(deactivate);
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
        int interrupted = watch.enter(completed);
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
        int interrupted = watch.enter(taskExit);
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
        int interrupted = watch.enter(exit);
        try {
            delegate.exit();
        } catch (RuntimeException | StackOverflowError e) {
            throw PluginGuard.blame(label, "exit", e);
        } finally {
            watch.exit(interrupted);
        }
    }
}
