package org.iosched.scheduler.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.IoScheduler;
import org.iosched.api.Request;
import org.iosched.testkit.FakeSchedulerContext;

/** Drives a scheduler's dispatch hook the way the driver does and names what comes out ({@code R100}, {@code W300}). */
final class Dispatches {
    private Dispatches() {
    }

    /** One dispatch call, which must move exactly one request; the driver takes it. */
    static String next(IoScheduler scheduler, FakeSchedulerContext context) {
        assertThat(scheduler.dispatch(false)).as("requests moved by one dispatch call").isEqualTo(1);
        assertThat(context.dispatchQueueLength()).isEqualTo(1);
        return label(context.take());
    }

    /** Dispatch calls until the scheduler has nothing left, in order. */
    static List<String> drain(IoScheduler scheduler, FakeSchedulerContext context) {
        List<String> order = new ArrayList<>();
        while (scheduler.hasQueued()) {
            order.add(next(scheduler, context));
        }
        assertThat(scheduler.dispatch(false)).as("dispatch on an empty scheduler").isZero();
        return order;
    }

    /** {@code R} or {@code W} and the start sector. */
    static String label(Request rq) {
        return (rq.isWrite() ? "W" : "R") + rq.sector();
    }
}
