package org.iosched.biocontrol.iolatency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.RqQosProvider;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.junit.jupiter.api.Test;

/** io.latency's rules, one per test (reference/cgroup-v2-io.md §4). */
class IoLatencyTest {
    private static final long MS = 1_000_000L;

    /** A queue of {@code nr_requests} 64 in settable time; timers never fire; resumed bios are kept. */
    static final class Context implements RqQosContext {
        long now;
        final boolean rotational;
        final List<Bio> resumed = new ArrayList<>();

        Context(boolean rotational) {
            this.rotational = rotational;
        }

        @Override
        public long now() {
            return now;
        }

        @Override
        public Timer newTimer(Runnable callback) {
            return new Timer() {
                long at = -1;

                @Override
                public void arm(long atNanos) {
                    at = atNanos;
                }

                @Override
                public void cancel() {
                    at = -1;
                }

                @Override
                public boolean isPending() {
                    return at >= 0;
                }

                @Override
                public long expiresAt() {
                    return at;
                }
            };
        }

        @Override
        public DeviceInfo device() {
            return new DeviceInfo("fake", 1L << 30, rotational, 32, false, false, 2048);
        }

        @Override
        public int nrRequests() {
            return 64;
        }

        @Override
        public Cgroup cgroup(String path) {
            return null;
        }

        @Override
        public void resume(Bio bio) {
            resumed.add(bio);
        }

        @Override
        public RandomGenerator random() {
            return new SplittableRandom(1);
        }

        @Override
        public TraceSink trace() {
            return null;
        }
    }

    private static final Task GRP1 = new Task(10, "a", false, IoPrioClass.BE, 4, new Cgroup("/grp1", 100));
    private static final Task GRP2 = new Task(11, "b", false, IoPrioClass.BE, 4, new Cgroup("/grp2", 100));

    private static Bio bio(Task task, long issuedAt) {
        Bio bio = new Bio(Op.READ, 0, 0, 8, task, (b, at) -> { });
        bio.setSubmitTime(issuedAt);
        return bio;
    }

    private static IoLatency policy(Context c) {
        return new IoLatency(c, Map.of("/grp1", 5_000L));
    }

    @Test
    void theWindowIsSixteenTargetsBetween100MsAndOneSecond() {
        Context c = new Context(false);
        IoLatency p = new IoLatency(c, Map.of("/a", 1_000L, "/b", 20_000L, "/c", 100_000L));
        assertThat(p.group("/a").curWinNanos).isEqualTo(100 * MS);
        assertThat(p.group("/b").curWinNanos).isEqualTo(320 * MS);
        assertThat(p.group("/c").curWinNanos).isEqualTo(1000 * MS);
    }

    @Test
    void theCookieFallsByAQuarterOfTheQueueAndRisesByASixteenthThenByOnesFarBelow() {
        IoLatency p = policy(new Context(false));
        IoLatency.Group root = p.group("/");
        p.scaleCookieChange(root, false);
        assertThat(root.childCookie).isEqualTo(IoLatency.DEFAULT_SCALE_COOKIE - 16);
        p.scaleCookieChange(root, true);
        assertThat(root.childCookie).isEqualTo(IoLatency.DEFAULT_SCALE_COOKIE - 12);
        root.childCookie = IoLatency.DEFAULT_SCALE_COOKIE - 100;
        p.scaleCookieChange(root, false);
        assertThat(root.childCookie).isEqualTo(IoLatency.DEFAULT_SCALE_COOKIE - 101);
        root.childCookie = IoLatency.DEFAULT_SCALE_COOKIE - 128;
        p.scaleCookieChange(root, false);
        // no deeper than twice nr_requests
        assertThat(root.childCookie).isEqualTo(IoLatency.DEFAULT_SCALE_COOKIE - 128);
        p.scaleCookieChange(root, true);
        assertThat(root.childCookie).isEqualTo(IoLatency.DEFAULT_SCALE_COOKIE - 127);
    }

    @Test
    void aSiblingWithoutATargetHalvesItsDepthPerStepDownToOneThenGetsDelaysAndIsFreedAtTheDefault() {
        IoLatency p = policy(new Context(false));
        IoLatency.Group root = p.group("/");
        IoLatency.Group grp2 = p.group("/grp2");
        List<Long> depths = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            root.childCookie -= 16;
            p.checkScaleChange(grp2);
            depths.add(grp2.maxDepth);
        }
        assertThat(depths).containsExactly(32L, 16L, 8L, 4L, 2L, 1L, 1L, 1L);
        assertThat(grp2.useDelay).isEqualTo(2);
        root.childCookie += 4;
        p.checkScaleChange(grp2);
        // up at depth 1 first undoes a delay level
        assertThat(grp2.useDelay).isEqualTo(1);
        assertThat(grp2.maxDepth).isEqualTo(1);
        root.childCookie = IoLatency.DEFAULT_SCALE_COOKIE;
        p.checkScaleChange(grp2);
        assertThat(grp2.maxDepth).isEqualTo(IoLatency.UNLIMITED);
        assertThat(grp2.useDelay).isZero();
    }

    @Test
    void aSiblingWithATighterOrEqualTargetThanTheVictimsIsSpared() {
        IoLatency p = new IoLatency(new Context(false), Map.of("/grp1", 5_000L, "/tight", 5_000L, "/loose",
                10_000L));
        IoLatency.Group root = p.group("/");
        root.childScaleLat = 5 * MS;
        root.childNrSamples = 100;
        p.group("/tight").nrSamples = 50;
        p.group("/loose").nrSamples = 50;
        root.childCookie -= 16;
        p.checkScaleChange(p.group("/tight"));
        p.checkScaleChange(p.group("/loose"));
        assertThat(p.group("/tight").maxDepth).isEqualTo(IoLatency.UNLIMITED);
        assertThat(p.group("/loose").maxDepth).isEqualTo(32);
    }

    @Test
    void aGroupMissingItsTargetOnAnSsdInMoreThanATenthOfAWindowScalesItsSiblingsDown() {
        Context c = new Context(false);
        IoLatency p = policy(c);
        IoLatency.Group grp1 = p.group("/grp1");
        c.now = 600 * MS;
        for (int i = 0; i < 10; i++) {
            p.recordTime(grp1, c.now - (i < 2 ? 6 : 1) * MS, c.now, false);
        }
        // 2 of 10 missed: not below max(10 / 10, 1)
        p.checkLatencies(grp1, c.now);
        IoLatency.Group root = p.group("/");
        assertThat(root.childCookie).isEqualTo(IoLatency.DEFAULT_SCALE_COOKIE - 16);
        assertThat(root.childScaleGroup).isSameAs(grp1);
        assertThat(root.childScaleLat).isEqualTo(5 * MS);
        // within 500 ms of that event nothing more moves
        c.now += 100 * MS;
        p.recordTime(grp1, c.now - 6 * MS, c.now, false);
        p.checkLatencies(grp1, c.now);
        assertThat(root.childCookie).isEqualTo(IoLatency.DEFAULT_SCALE_COOKIE - 16);
    }

    @Test
    void onARotationalDiskTheMeanCounts() {
        Context c = new Context(true);
        IoLatency p = policy(c);
        IoLatency.Group grp1 = p.group("/grp1");
        IoLatency.Stat s = new IoLatency.Stat();
        s.samples = 2;
        s.sum = 10 * MS;
        assertThat(p.good(grp1, s)).isTrue();
        s.sum = 11 * MS;
        assertThat(p.good(grp1, s)).isFalse();
    }

    @Test
    void aThrottledGroupsBiosWaitInOrderAndACompletionWakesOne() {
        Context c = new Context(false);
        IoLatency p = policy(c);
        p.group("/grp2").maxDepth = 1;
        Bio first = bio(GRP2, 0);
        Bio second = bio(GRP2, 0);
        Bio third = bio(GRP2, 0);
        assertThat(p.throttle(first)).isEqualTo(RqQosPolicy.Throttle.PROCEED);
        assertThat(p.throttle(second)).isEqualTo(RqQosPolicy.Throttle.WAIT);
        assertThat(p.throttle(third)).isEqualTo(RqQosPolicy.Throttle.WAIT);
        p.doneBio(first);
        assertThat(c.resumed).containsExactly(second);
        p.doneBio(second);
        assertThat(c.resumed).containsExactly(second, third);
        // the root cgroup is never throttled
        Bio rootBio = new Bio(Op.READ, 0, 0, 8, new Task(1, "r", false, IoPrioClass.BE, 4, Cgroup.ROOT),
                (b, at) -> { });
        assertThat(p.throttle(rootBio)).isEqualTo(RqQosPolicy.Throttle.PROCEED);
        assertThat(p.group("/grp1").inflight).isZero();
    }

    @Test
    void theKeysAreTargetsOfNonRootCgroupsInMicroseconds() {
        assertThat(IoLatencyProvider.parse(Map.of("grp1.target", "5000", "a/b.target", "max")))
                .containsEntry("/grp1", 5000L).containsEntry("/a/b", 0L);
        assertThatThrownBy(() -> IoLatencyProvider.parse(Map.of("target", "5000")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("the root cgroup has no io.latency");
        assertThatThrownBy(() -> IoLatencyProvider.parse(Map.of("grp1.target", "5ms")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("bad value iolatency.grp1.target=5ms");
        assertThatThrownBy(() -> IoLatencyProvider.parse(Map.of("grp1.latency", "5")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("<cgroup>.target");
    }

    @Test
    void theProviderIsFoundAsAnRqQosPlugin() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(RqQosProvider.class).forEach(p -> names.add(p.name()));
        assertThat(names).contains("iolatency");
    }
}
