package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.iosched.api.Bio;
import org.iosched.api.Request;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.PluginFailureException;
import org.junit.jupiter.api.Test;

/** The rq-qos chain of the blk-mq queue: where each hook is called, in which order, and a held bio's sleep. */
class RqQosChainTest {
    private static final Task A = MqHarness.task(100);
    private static final Task B = MqHarness.task(101);

    /** Records every hook as "name:hook sector"; holds writes while {@code hold} is set. */
    private static final class Recorder implements RqQosPolicy {
        final String name;
        final List<String> log;
        final ArrayDeque<Bio> held = new ArrayDeque<>();
        RqQosContext context;
        boolean hold;

        Recorder(String name, List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public Throttle throttle(Bio bio) {
            log.add(name + ":throttle " + bio.sector());
            if (hold && bio.op() == org.iosched.api.Op.WRITE) {
                held.add(bio);
                return Throttle.WAIT;
            }
            return Throttle.PROCEED;
        }

        @Override
        public void track(Request rq, Bio bio) {
            log.add(name + ":track " + bio.sector());
        }

        @Override
        public void merge(Request rq, Bio bio) {
            log.add(name + ":merge " + bio.sector() + " into " + rq.sector());
        }

        @Override
        public void issue(Request rq) {
            log.add(name + ":issue " + rq.sector());
        }

        @Override
        public void done(Request rq) {
            log.add(name + ":done " + rq.sector());
        }

        @Override
        public void doneBio(Bio bio) {
            log.add(name + ":doneBio " + bio.sector());
        }

        @Override
        public Map<String, Number> statistics() {
            return Map.of("held", held.size());
        }
    }

    private static Recorder add(MqHarness h, String name, List<String> log) {
        Recorder r = new Recorder(name, log);
        RqQosContext context = h.queue.rqQosContext(name, new SplittableRandom(3));
        r.context = context;
        h.queue.addRqQos(r, context);
        return r;
    }

    @Test
    void everyHookRunsAtItsPointOfTheRequestsLife() {
        MqHarness h = MqHarness.builder().build();
        List<String> log = new ArrayList<>();
        add(h, "a", log);
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(A, 8, 8));
        h.runAll();

        // the second bio merged on the plug: no throttle, no track, but merge and doneBio
        assertThat(log).containsExactly("a:throttle 0", "a:track 0", "a:merge 8 into 0", "a:issue 0",
                "a:doneBio 0", "a:doneBio 8", "a:done 0");
    }

    @Test
    void thePolicyEnabledLastRunsFirst() {
        MqHarness h = MqHarness.builder().build();
        List<String> log = new ArrayList<>();
        add(h, "wbt", log);
        add(h, "iolatency", log);
        h.submit(h.read(A, 0, 8));
        h.runAll();

        assertThat(log).containsSubsequence("iolatency:throttle 0", "wbt:throttle 0", "iolatency:track 0",
                "wbt:track 0", "iolatency:done 0", "wbt:done 0");
        assertThat(h.queue.rqQosStatistics()).containsOnlyKeys("wbt.held", "iolatency.held");
    }

    @Test
    void aHeldBioSleepsItsTaskUntilThePolicyResumesItThenTheNextPolicyThrottlesIt() {
        MqHarness h = MqHarness.builder().build();
        List<String> log = new ArrayList<>();
        Recorder tail = add(h, "tail", log);
        Recorder head = add(h, "head", log);
        head.hold = true;
        h.submit(h.read(A, 0, 8));
        Bio write = h.write(B, 100, 8);

        assertThat(h.submit(write)).isFalse();
        h.runAll();
        assertThat(h.completed).hasSize(1);
        assertThat(h.queue.idle()).isFalse();
        assertThat(h.queue.whereRequestsAre()).contains("1 sleeping in rq-qos (head, tail)");
        assertThat(log).doesNotContain("tail:throttle 100");

        head.context.resume(head.held.poll());
        assertThat(h.resumed).isEmpty();
        h.runAll();

        assertThat(h.resumed).containsExactly(write);
        assertThat(log).containsSubsequence("head:throttle 100", "tail:throttle 100", "head:track 100",
                "tail:track 100");
        assertThat(h.completed).hasSize(2);
        assertThat(h.queue.idle()).isTrue();
    }

    // the OS model's tasks run in steps: a woken waiter's request waits on its plug for the task's own step
    private static Bio wokenWrite(MqHarness h, Recorder head) {
        h.queue.tasksRunInSteps();
        return wokenWriteWithoutSteps(h, head);
    }

    private static Bio wokenWriteWithoutSteps(MqHarness h, Recorder head) {
        head.hold = true;
        h.submit(h.read(A, 0, 8));
        Bio write = h.write(B, 100, 8);
        assertThat(h.submit(write)).isFalse();
        h.runAll();
        head.context.resume(head.held.poll());
        h.runAll();
        assertThat(h.resumed).containsExactly(write);
        return write;
    }

    @Test
    void aWokenTasksRequestStaysOnItsPlugUntilItsStepEndsThenIsIssuedDirectly() {
        MqHarness h = MqHarness.builder().build();
        Recorder head = add(h, "head", new ArrayList<>());
        wokenWrite(h, head);
        assertThat(h.deviceSaw()).containsExactly("READ 0+8");
        assertThat(h.queue.whereRequestsAre()).startsWith("1 on plugs");

        h.queue.stepEnded(B);
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "WRITE 100+8");
        assertThat(h.events()).containsSubsequence("G 100+8", "P", "U 1", "D 100+8");
        assertThat(h.queue.idle()).isTrue();
    }

    @Test
    void aWokenTaskThatSleepsAgainInItsStepFlushesItsPlugFromScheduleThroughKblockd() {
        MqHarness h = MqHarness.builder().build();
        Recorder head = add(h, "head", new ArrayList<>());
        wokenWrite(h, head);
        // its step: the next bio is held too, and the sleep flushes the plug (blk_flush_plug from schedule)
        assertThat(h.submit(h.write(B, 300, 8))).isFalse();
        h.queue.stepEnded(B);
        h.runAll();
        assertThat(h.events()).containsSubsequence("G 100+8", "P", "Q 300+8", "UT 1", "I 100+8", "D 100+8");
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "WRITE 100+8");
    }

    @Test
    void withoutTaskStepsAWokenTasksPlugIsFlushedAtTheEndOfTheInstant() {
        MqHarness h = MqHarness.builder().build();
        Recorder head = add(h, "head", new ArrayList<>());
        wokenWriteWithoutSteps(h, head);
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "WRITE 100+8");
    }

    @Test
    void aBioResumedTwiceOrNeverHeldIsAnInvariantViolationNamingThePolicy() {
        MqHarness h = MqHarness.builder().build();
        Recorder r = add(h, "wbt", new ArrayList<>());
        r.hold = true;
        Bio write = h.write(B, 100, 8);
        h.submit(write);
        r.context.resume(write);

        assertThatThrownBy(() -> r.context.resume(write)).isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("rq-qos wbt").hasMessageContaining("already resumed");
        assertThatThrownBy(() -> r.context.resume(h.read(A, 0, 8))).isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("no task sleeps on");
    }

    @Test
    void aPolicyThatThrowsIsNamed() {
        MqHarness h = MqHarness.builder().build();
        RqQosPolicy broken = new RqQosPolicy() {
            @Override
            public void issue(Request rq) {
                throw new IllegalStateException("boom");
            }
        };
        h.queue.addRqQos(broken, h.queue.rqQosContext("broken", new SplittableRandom(1)));
        h.submit(h.read(A, 0, 8));

        assertThatThrownBy(h::runAll).isInstanceOf(PluginFailureException.class)
                .hasMessageContaining("rq-qos broken");
    }

    @Test
    void withoutPoliciesTheQueueBehavesAsBefore() {
        MqHarness plain = MqHarness.builder().build();
        MqHarness chained = MqHarness.builder().build();
        chained.queue.addRqQos(new RqQosPolicy() { }, chained.queue.rqQosContext("empty", new SplittableRandom(1)));
        for (MqHarness h : List.of(plain, chained)) {
            for (int i = 0; i < 40; i++) {
                h.submit(i % 3 == 0 ? h.write(A, i * 64L, 8) : h.read(B, i * 64L + 8, 8));
            }
            h.runAll();
        }
        assertThat(chained.traceText.toString()).isEqualTo(plain.traceText.toString());
    }
}
