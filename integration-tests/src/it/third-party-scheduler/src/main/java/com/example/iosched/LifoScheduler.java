package com.example.iosched;

import java.util.ArrayDeque;
import org.iosched.api.IoScheduler;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;

/** Newest request first, {@code batch} at a time. */
final class LifoScheduler implements IoScheduler {
    private final SchedulerContext context;
    private final int batch;
    private final ArrayDeque<Request> stack = new ArrayDeque<>();

    LifoScheduler(SchedulerContext context, int batch) {
        this.context = context;
        this.batch = batch;
    }

    @Override
    public void add(Request rq) {
        stack.push(rq);
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        stack.remove(next);
    }

    @Override
    public int dispatch(boolean force) {
        int moved = 0;
        while (!stack.isEmpty() && (force || moved < batch)) {
            context.dispatchAddTail(stack.pop());
            moved++;
        }
        return moved;
    }

    @Override
    public boolean hasQueued() {
        return !stack.isEmpty();
    }
}
