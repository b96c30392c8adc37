package com.example.misbehaving;

import java.util.ArrayDeque;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;

/**
 * Schedulers that break the rules, written against scheduler-api alone and dropped into a plugins directory by
 * {@code MisbehavingPluginIT} (which packs these classes into a jar): the shrunk reproducers of issue 15.
 */
public final class MisbehavingSchedulers {
    private MisbehavingSchedulers() {
    }

    /** Holds requests and dispatches them in FIFO order, unless a subclass misbehaves. */
    abstract static class Fifo implements IoScheduler {
        final SchedulerContext context;
        final ArrayDeque<Request> queue = new ArrayDeque<>();

        Fifo(SchedulerContext context) {
            this.context = context;
        }

        @Override
        public void add(Request rq) {
            queue.add(rq);
        }

        @Override
        public boolean hasQueued() {
            return !queue.isEmpty();
        }
    }

    /** {@code dispatch} calls itself without end: a StackOverflowError. */
    public static final class Recursive implements IoSchedulerProvider {
        @Override
        public String name() {
            return "recursive-dispatch";
        }

        @Override
        public IoScheduler create(SchedulerContext context, Settings settings) {
            return new Fifo(context) {
                @Override
                public int dispatch(boolean force) {
                    return queue.isEmpty() ? 0 : dispatch(force) + 1;
                }
            };
        }
    }

    /** Takes every request and never dispatches one, even when forced. */
    public static final class Hoarder implements IoSchedulerProvider {
        @Override
        public String name() {
            return "hoarder";
        }

        @Override
        public IoScheduler create(SchedulerContext context, Settings settings) {
            return new Fifo(context) {
                @Override
                public int dispatch(boolean force) {
                    return 0;
                }
            };
        }
    }

    /** Loops for ever inside {@code dispatch} once it holds a request. */
    public static final class Spinner implements IoSchedulerProvider {
        @Override
        public String name() {
            return "spin-dispatch";
        }

        @Override
        public IoScheduler create(SchedulerContext context, Settings settings) {
            return new Fifo(context) {
                private long spins;

                @Override
                public int dispatch(boolean force) {
                    while (!queue.isEmpty()) {
                        spins++;
                    }
                    return (int) (spins & 0);
                }
            };
        }
    }
}
