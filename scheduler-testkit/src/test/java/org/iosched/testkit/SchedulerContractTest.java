package org.iosched.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.junit.jupiter.api.Test;

/** The contract passes correct schedulers and catches each deliberately broken one with a clear message. */
class SchedulerContractTest {
    private static void assertFails(IoSchedulerProvider provider, String check, String detail) {
        assertThatThrownBy(() -> SchedulerContract.verify(provider))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("scheduler '" + provider.name() + "' fails")
                .hasMessageContaining("\n - check '" + check + "': ")
                .hasMessageContaining(detail);
    }

    // ---- correct schedulers pass

    @Test
    void aFifoSchedulerPassesEveryCheck() {
        assertThatCode(() -> SchedulerContract.verify(FifoScheduler.provider("fifo", FifoScheduler::new)))
                .doesNotThrowAnyException();
    }

    /** Newest first, several requests per call through dispatchAddTail, no merge hooks: odd but correct. */
    private static final class BatchingLifo implements IoScheduler {
        private final SchedulerContext context;
        private final ArrayDeque<Request> stack = new ArrayDeque<>();

        BatchingLifo(SchedulerContext context) {
            this.context = context;
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
            while (!stack.isEmpty() && (force || moved < 3)) {
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

    @Test
    void aBatchingLifoSchedulerWithoutMergeHooksPassesEveryCheck() {
        assertThatCode(() -> SchedulerContract.verify(FifoScheduler.provider("lifo", BatchingLifo::new)))
                .doesNotThrowAnyException();
    }

    @Test
    void theChecksAreNamedAndEachRunsAlone() {
        List<SchedulerContract.Check> checks =
                SchedulerContract.checks(FifoScheduler.provider("fifo", FifoScheduler::new));
        assertThat(checks).extracting(SchedulerContract.Check::name).containsExactly(
                "a new scheduler holds nothing and dispatches nothing",
                "every added request is dispatched exactly once",
                "hasQueued() is true exactly while a request is queued",
                "dispatch(true) drains everything without timers",
                "merges keep every bio and sector accounted for",
                "no request is dispatched before it is added",
                "the same inputs give the same dispatch order",
                "random mixes of tasks, cgroups and I/O kinds complete");
        assertThat(checks).allSatisfy(check -> assertThat(check.scheduler()).isEqualTo("fifo"));
        checks.forEach(SchedulerContract.Check::run);
    }

    @Test
    void theSettingsReachTheProviderAndUnknownTunablesAreRejected() {
        List<Settings> seen = new ArrayList<>();
        IoSchedulerProvider tunable = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "tunable";
            }

            @Override
            public List<TunableDescriptor> tunables() {
                return List.of(TunableDescriptor.integer("depth", 1, "requests", 1, 8, "test knob"));
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                seen.add(settings);
                return new FifoScheduler(context);
            }
        };

        SchedulerContract.verify(tunable, Map.of("depth", "4"));

        assertThat(seen).isNotEmpty().allSatisfy(settings -> assertThat(settings.getInt("depth")).isEqualTo(4));
        assertThatThrownBy(() -> SchedulerContract.verify(tunable, Map.of("dpeth", "4")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("tunable accepts: depth");
    }

    // ---- broken schedulers are caught

    @Test
    void aSchedulerThatLosesRequestsFails() {
        assertFails(FifoScheduler.provider("loses-every-tenth", ctx -> new FifoScheduler(ctx) {
            private int added;

            @Override
            public void add(Request rq) {
                if (++added % 10 != 0) {
                    super.add(rq);
                }
            }
        }), "every added request is dispatched exactly once", "hasQueued() is false");
    }

    @Test
    void aSchedulerThatCountsWhatItLosesStallsAndSaysSo() {
        assertFails(FifoScheduler.provider("counts-lost", ctx -> new FifoScheduler(ctx) {
            private int held;

            @Override
            public void add(Request rq) {
                held++;
                if (held % 10 != 0) {
                    super.add(rq);
                }
            }

            @Override
            public int dispatch(boolean force) {
                int moved = super.dispatch(force);
                held -= moved;
                return moved;
            }

            @Override
            public boolean hasQueued() {
                return held > 0;
            }
        }), "every added request is dispatched exactly once", "requests never completed");
    }

    @Test
    void aSchedulerThatDispatchesARequestTwiceFails() {
        assertFails(FifoScheduler.provider("twice", ctx -> new FifoScheduler(ctx) {
            private int calls;

            @Override
            public int dispatch(boolean force) {
                if (fifo.isEmpty()) {
                    return 0;
                }
                Request rq = fifo.remove(0);
                context.dispatchAddTail(rq);
                if (++calls % 7 == 0) {
                    context.dispatchAddTail(rq);
                    return 2;
                }
                return 1;
            }
        }), "every added request is dispatched exactly once", "dispatched twice");
    }

    @Test
    void aSchedulerWhoseHasQueuedIsOffByOneFails() {
        assertFails(FifoScheduler.provider("off-by-one", ctx -> new FifoScheduler(ctx) {
            @Override
            public boolean hasQueued() {
                return fifo.size() > 1;
            }
        }), "hasQueued() is true exactly while a request is queued", "hasQueued() is false");
    }

    @Test
    void aSchedulerThatWaitsForATimerEvenWhenForcedFails() {
        assertFails(FifoScheduler.provider("anticipates-always", ctx -> new FifoScheduler(ctx) {
            private final org.iosched.api.Timer timer = ctx.newTimer(ctx::kick);

            @Override
            public int dispatch(boolean force) {
                if (fifo.isEmpty()) {
                    return 0;
                }
                if (fifo.get(0).insertTime() + 2_000_000 > context.now()) {
                    if (!timer.isPending()) {
                        timer.arm(fifo.get(0).insertTime() + 2_000_000);
                    }
                    return 0;
                }
                return super.dispatch(force);
            }
        }), "dispatch(true) drains everything without timers", "the scheduler still holds");
    }

    @Test
    void aSchedulerThatIgnoresRequestsMergedFails() {
        assertFails(FifoScheduler.provider("keeps-merged", ctx -> new FifoScheduler(ctx) {
            @Override
            public void requestsMerged(Request rq, Request next) {
                // forgets that next was absorbed into rq
            }
        }), "merges keep every bio and sector accounted for", "(requestsMerged) and freed");
    }

    @Test
    void aSchedulerThatQueuesRequestsWhenTheyAreAllocatedFails() {
        assertFails(FifoScheduler.provider("queues-on-set", ctx -> new FifoScheduler(ctx) {
            @Override
            public void setRequest(Request rq) {
                fifo.add(rq);
            }

            @Override
            public void add(Request rq) {
                if (!fifo.contains(rq)) {
                    fifo.add(rq);
                }
            }
        }), "no request is dispatched before it is added", "never added");
    }

    @Test
    void aSchedulerWhoseOrderDependsOnStateSharedAcrossInstancesFails() {
        IoSchedulerProvider provider = new IoSchedulerProvider() {
            private int created;

            @Override
            public String name() {
                return "shared-state";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                boolean newestFirst = created++ % 2 == 1;
                return new FifoScheduler(context) {
                    @Override
                    public int dispatch(boolean force) {
                        if (fifo.isEmpty()) {
                            return 0;
                        }
                        context.dispatchAddTail(fifo.remove(newestFirst ? fifo.size() - 1 : 0));
                        return 1;
                    }
                };
            }
        };
        assertFails(provider, "the same inputs give the same dispatch order", "the dispatch order (request ids) differs");
    }

    @Test
    void aSchedulerWhoseDispatchMiscountsFails() {
        assertFails(FifoScheduler.provider("miscounts", ctx -> new FifoScheduler(ctx) {
            @Override
            public int dispatch(boolean force) {
                super.dispatch(force);
                return 0;
            }
        }), "every added request is dispatched exactly once", "returned 0 but moved 1 request(s)");
    }

    @Test
    void aSchedulerThatStarvesAsyncWritesUnlessForcedFails() {
        assertFails(FifoScheduler.provider("starves-writes", ctx -> new FifoScheduler(ctx) {
            @Override
            public int dispatch(boolean force) {
                for (int i = 0; i < fifo.size(); i++) {
                    if (force || fifo.get(i).isSync()) {
                        context.dispatchSort(fifo.remove(i));
                        return 1;
                    }
                }
                return 0;
            }
        }), "every added request is dispatched exactly once", "never completed");
    }

    @Test
    void aProviderThatCreatesNothingFails() {
        assertFails(FifoScheduler.provider("null", ctx -> null), "a new scheduler holds nothing and dispatches nothing",
                "create() returned null");
    }

    @Test
    void aSchedulerThatThrowsIsNamedWithWhatItThrew() {
        assertFails(FifoScheduler.provider("throws", ctx -> new FifoScheduler(ctx) {
            @Override
            public void add(Request rq) {
                throw new IllegalStateException("boom");
            }
        }), "every added request is dispatched exactly once", "the scheduler threw java.lang.IllegalStateException: boom");
    }

    @Test
    void everyFailingCheckIsListedAndAttached() {
        IoSchedulerProvider broken = FifoScheduler.provider("always-empty", ctx -> new FifoScheduler(ctx) {
            @Override
            public boolean hasQueued() {
                return false;
            }
        });
        assertThatThrownBy(() -> SchedulerContract.verify(broken))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("scheduler 'always-empty' fails 5 of 8 contract checks:\n - check 'every added request")
                .hasMessageContaining("\n - check 'random mixes of tasks, cgroups and I/O kinds complete': hasQueued() is false")
                .satisfies(e -> assertThat(e.getSuppressed()).hasSize(5));
    }
}
