package org.iosched.simulator.noop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.junit.jupiter.api.Test;

class NoopSchedulerTest {
    private final Task task = new Task(1000, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT);
    private final FakeContext context = new FakeContext();
    private final NoopScheduler noop = new NoopScheduler(context);
    private long ids;

    private Request rq(long sector) {
        return new Request(ids++, new Bio(Op.READ, 0, sector, 8, task, (b, t) -> { }), 0);
    }

    @Test
    void requestsAreDispatchedOneAtATimeInArrivalOrderThroughDispatchSort() {
        Request a = rq(900);
        Request b = rq(100);
        Request c = rq(500);
        noop.add(a);
        noop.add(b);
        noop.add(c);

        assertThat(noop.dispatch(false)).isEqualTo(1);
        assertThat(noop.dispatch(false)).isEqualTo(1);
        assertThat(noop.dispatch(true)).isEqualTo(1);
        assertThat(noop.dispatch(true)).isZero();

        assertThat(context.sorted).containsExactly(a, b, c);
        assertThat(noop.hasQueued()).isFalse();
    }

    @Test
    void formerAndLatterAreFifoNeighboursNotSectorNeighbours() {
        Request a = rq(900);
        Request b = rq(100);
        Request c = rq(500);
        noop.add(a);
        noop.add(b);
        noop.add(c);

        assertThat(noop.formerRequest(b)).isSameAs(a);
        assertThat(noop.latterRequest(b)).isSameAs(c);
        assertThat(noop.formerRequest(a)).isNull();
        assertThat(noop.latterRequest(c)).isNull();
    }

    @Test
    void aMergedAwayRequestLeavesTheFifo() {
        Request a = rq(100);
        Request b = rq(108);
        Request c = rq(300);
        noop.add(a);
        noop.add(b);
        noop.add(c);

        noop.requestsMerged(a, b);

        assertThat(noop.queued()).isEqualTo(2);
        assertThat(noop.latterRequest(a)).isSameAs(c);
        assertThat(b.schedulerData()).isNull();
    }

    @Test
    void noopHasNoFrontMergeLookupOfItsOwn() {
        noop.add(rq(100));

        assertThat(noop.findFrontMerge(new Bio(Op.READ, 0, 92, 8, task, (b, t) -> { }))).isNull();
    }

    @Test
    void theProviderIsFoundThroughTheServiceLoaderUnderTheNameNoop() {
        List<String> names = new ArrayList<>();
        for (IoSchedulerProvider p : ServiceLoader.load(IoSchedulerProvider.class)) {
            names.add(p.name());
        }
        assertThat(names).contains("noop");
        NoopSchedulerProvider provider = new NoopSchedulerProvider();
        assertThat(provider.tunables()).isEmpty();
        assertThat(provider.create(context, Settings.resolve("noop", List.of(), Map.of())))
                .isInstanceOf(NoopScheduler.class);
    }

    /** Records dispatchSort calls. */
    private static final class FakeContext implements SchedulerContext {
        final List<Request> sorted = new ArrayList<>();

        @Override
        public long now() {
            return 0;
        }

        @Override
        public int hz() {
            return 250;
        }

        @Override
        public Timer newTimer(Runnable callback) {
            throw new AssertionError("noop needs no timer");
        }

        @Override
        public void kick() {
        }

        @Override
        public DeviceInfo device() {
            return new DeviceInfo("fake", 1 << 20, true, 1, false, false, 1024);
        }

        @Override
        public void dispatchSort(Request rq) {
            sorted.add(rq);
        }

        @Override
        public void dispatchAddTail(Request rq) {
            throw new AssertionError("noop sorts");
        }

        @Override
        public int dispatchQueueLength() {
            return 0;
        }

        @Override
        public int inDriver() {
            return 0;
        }

        @Override
        public int inDriver(boolean sync) {
            return 0;
        }

        @Override
        public int allocated(boolean sync) {
            return 0;
        }

        @Override
        public java.util.random.RandomGenerator random() {
            return new java.util.SplittableRandom(1);
        }

        @Override
        public TraceSink trace() {
            return new TraceSink() {
                @Override
                public boolean enabled() {
                    return false;
                }

                @Override
                public void message(String message) {
                }
            };
        }
    }
}
