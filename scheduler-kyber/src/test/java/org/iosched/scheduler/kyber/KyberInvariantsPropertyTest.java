package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.iosched.api.HardwareQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.testkit.FakeMqSchedulerContext;

/**
 * Random interleavings of inserts on four CPUs over two hardware queues, dispatches, completions and timer runs:
 * tokens held are exactly those of the requests in flight, never beyond a pool's maximum; each (software queue,
 * domain) comes out in insertion order; nothing is lost or duplicated; {@code has_work} tells the truth; and a
 * hardware queue with work that found no token is either waiting on the pool or gets a token at its next run.
 */
class KyberInvariantsPropertyTest {
    private static final Op[] OPS = {Op.READ, Op.WRITE, Op.DISCARD, Op.FLUSH};

    @Property(tries = 200)
    void tokensOrderAndWorkStayConsistent(@ForAll @Size(min = 1, max = 400) List<@IntRange(min = 0, max = 99) Integer> steps) {
        FakeMqSchedulerContext context = Kybers.context(250, 4, 2, 64, 64);
        KyberScheduler kyber = Kybers.on(context);
        List<Request> inFlight = new ArrayList<>();
        Map<String, List<Long>> inserted = new HashMap<>();
        Map<String, List<Long>> dispatched = new HashMap<>();
        Set<Long> seen = new HashSet<>();
        int queued = 0;
        long time = 0;
        int sector = 0;
        for (int step : steps) {
            if (step < 45) {
                Request rq = Kybers.request(context, OPS[step % 4], 0, sector += 100, 8, step % 4 == 3 ? 0 : (step / 4) % 4);
                Kybers.insert(kyber, rq);
                inserted.computeIfAbsent(key(rq), k -> new ArrayList<>()).add(rq.id());
                queued++;
            } else if (step < 80) {
                HardwareQueue hctx = context.hardwareQueue(step % 2);
                Request rq = kyber.dispatchRequest(hctx);
                if (rq != null) {
                    assertThat(seen.add(rq.id())).as("dispatched once").isTrue();
                    dispatched.computeIfAbsent(key(rq), k -> new ArrayList<>()).add(rq.id());
                    rq.markIoStarted(time);
                    inFlight.add(rq);
                    queued--;
                }
            } else if (step < 97) {
                if (!inFlight.isEmpty()) {
                    Request rq = inFlight.remove(step % inFlight.size());
                    time += 1_000_000L * (step - 79);
                    context.advanceTo(Math.max(time, context.now()));
                    context.setCurrentCpu(rq.cpu());
                    kyber.completedRequest(rq, context.now());
                    kyber.finishRequest(rq);
                }
            } else if (kyber.timer().isPending()) {
                context.advanceTo(kyber.timer().expiresAt());
                time = context.now();
            }
            int[] held = new int[KyberScheduler.DOMAINS];
            Set<String> tokens = new HashSet<>();
            for (Request rq : inFlight) {
                int d = KyberScheduler.domainOf(rq.op());
                held[d]++;
                assertThat(tokens.add(d + ":" + KyberScheduler.tokenOf(rq))).as("tokens are unique").isTrue();
            }
            for (int d = 0; d < KyberScheduler.DOMAINS; d++) {
                assertThat(kyber.tokens(d).inUse()).isEqualTo(held[d]).isLessThanOrEqualTo(KyberScheduler.maxDepth(d));
                assertThat(kyber.tokens(d).depth()).isBetween(1, KyberScheduler.maxDepth(d));
            }
            boolean anyWork = kyber.hasWork(context.hardwareQueue(0)) || kyber.hasWork(context.hardwareQueue(1));
            assertThat(anyWork).isEqualTo(queued > 0);
        }
        for (Map.Entry<String, List<Long>> e : dispatched.entrySet()) {
            List<Long> all = inserted.get(e.getKey());
            assertThat(all.subList(0, e.getValue().size())).as("FIFO per software queue and domain " + e.getKey())
                    .isEqualTo(e.getValue());
        }
        // drain: completing everything and running both queues dispatches everything left
        for (int round = 0; round < 10_000 && queued > 0; round++) {
            for (int q = 0; q < 2; q++) {
                Request rq;
                while ((rq = kyber.dispatchRequest(context.hardwareQueue(q))) != null) {
                    inFlight.add(rq);
                    queued--;
                }
            }
            for (Request rq : inFlight) {
                kyber.finishRequest(rq);
            }
            inFlight.clear();
        }
        assertThat(queued).isZero();
    }

    private static String key(Request rq) {
        return rq.cpu() + "/" + KyberScheduler.domainOf(rq.op());
    }
}
