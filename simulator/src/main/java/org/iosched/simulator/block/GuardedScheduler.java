package org.iosched.simulator.block;

import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.simulator.engine.PluginGuard;

/**
 * Calls a scheduler plugin and names it in any exception it throws ({@link PluginGuard}), so that a
 * failure deep in a completion or a timer is reported as {@code scheduler cfq threw ...}.
 */
final class GuardedScheduler implements IoScheduler {
    private final IoScheduler delegate;
    private final String label;

    GuardedScheduler(IoScheduler delegate, String label) {
        this.delegate = delegate;
        this.label = label;
    }

    String label() {
        return label;
    }

    @Override
    public void setRequest(Request rq) {
        try {
            delegate.setRequest(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void putRequest(Request rq) {
        try {
            delegate.putRequest(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public MayQueue mayQueue(Task task, Op op, int flags) {
        MayQueue answer;
        try {
            answer = delegate.mayQueue(task, op, flags);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
        return answer == null ? MayQueue.MAY : answer;
    }

    @Override
    public Request findFrontMerge(Bio bio) {
        try {
            return delegate.findFrontMerge(bio);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        try {
            return delegate.allowMerge(rq, bio);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void merged(Request rq, boolean front) {
        try {
            delegate.merged(rq, front);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        try {
            delegate.requestsMerged(rq, next);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public Request formerRequest(Request rq) {
        try {
            return delegate.formerRequest(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public Request latterRequest(Request rq) {
        try {
            return delegate.latterRequest(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void add(Request rq) {
        try {
            delegate.add(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public int dispatch(boolean force) {
        try {
            return delegate.dispatch(force);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public boolean hasQueued() {
        try {
            return delegate.hasQueued();
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void activate(Request rq) {
        try {
            delegate.activate(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void deactivate(Request rq) {
        try {
            delegate.deactivate(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void completed(Request rq) {
        try {
            delegate.completed(rq);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void taskExit(Task task) {
        try {
            delegate.taskExit(task);
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }

    @Override
    public void exit() {
        try {
            delegate.exit();
        } catch (RuntimeException e) {
            throw PluginGuard.blame(label, e);
        }
    }
}
