package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.calls;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.IoScheduler;
import org.iosched.api.MayQueue;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

/**
 * Pins the order in which the request queue calls a scheduler's hooks over one request's life, against
 * Linux 3.0's {@code blk-core.c} and {@code elevator.c}. The Linux 3.0 oracle's bridge (shared/oracle) calls
 * the kernel's {@code elevator_ops} in exactly the order the simulator calls these hooks, so a change here
 * silently changes what the oracle compares.
 *
 * <p>3.0's order, from the kernel source:
 * <ul>
 *   <li>{@code __make_request}: {@code elv_merge} first (the {@code last_merge} hint, the back-merge hash,
 *       then {@code elevator_merge_fn}, each candidate checked by {@code elevator_allow_merge_fn}); on a bio
 *       merge {@code attempt_back_merge}/{@code attempt_front_merge} ({@code elevator_latter/former_req_fn},
 *       and when the neighbour touches, {@code elevator_merge_req_fn} then {@code __blk_put_request} of the
 *       absorbed request, i.e. {@code elevator_put_req_fn}), otherwise {@code elevator_merged_fn}.</li>
 *   <li>Without a merge, {@code get_request}: {@code elevator_may_queue_fn}, then {@code blk_alloc_request}'s
 *       {@code elevator_set_req_fn}; then {@code add_acct_request}: {@code elevator_add_req_fn}.</li>
 *   <li>{@code blk_peek_request}: {@code elevator_dispatch_fn} when the dispatch queue is empty, then
 *       {@code elevator_activate_req_fn} on the first peek of a sorted request.</li>
 *   <li>{@code __blk_put_request} at completion: {@code elevator_completed_req_fn} (started, sorted requests)
 *       then {@code blk_free_request}'s {@code elevator_put_req_fn}.</li>
 * </ul>
 * The simulator asks no merge hook while the scheduler holds nothing (2.6.32's {@code elv_queue_empty}
 * shortcut; 3.0 calls {@code elevator_merge_fn}, which then finds nothing). It ends a request's bios after
 * {@code completed}, 3.0 before it ({@code blk_update_request} precedes {@code blk_finish_request}); tasks
 * wake in later events, so a scheduler cannot tell. Neither is pinned here.
 */
class SchedulerHookOrderTest {
    private final Task task = QueueHarness.task(1000);

    /**
     * A mocked scheduler with just enough behaviour to move requests: a FIFO that holds everything while
     * {@link #hold} is set, answers the merge lookups from what it holds, and dispatches one request per call.
     */
    private static final class Fifo {
        final List<Request> held = new ArrayList<>();
        boolean hold = true;
        IoScheduler mock;
        SchedulerContext context;

        IoScheduler create(SchedulerContext schedulerContext) {
            context = schedulerContext;
            mock = mock(IoScheduler.class);
            when(mock.mayQueue(any(Task.class), any(Op.class), anyInt())).thenReturn(MayQueue.MAY);
            when(mock.allowMerge(any(Request.class), any(Bio.class))).thenReturn(true);
            when(mock.hasQueued()).thenAnswer(call -> !held.isEmpty());
            doAnswer(call -> held.add(call.getArgument(0))).when(mock).add(any(Request.class));
            doAnswer(call -> held.remove((Request) call.getArgument(1))).when(mock)
                    .requestsMerged(any(Request.class), any(Request.class));
            when(mock.findFrontMerge(any(Bio.class))).thenAnswer(call -> {
                Bio bio = call.getArgument(0);
                return find(rq -> rq.sector() == bio.endSector());
            });
            when(mock.latterRequest(any(Request.class))).thenAnswer(call -> {
                Request of = call.getArgument(0);
                return find(rq -> rq != of && rq.sector() >= of.endSector());
            });
            when(mock.formerRequest(any(Request.class))).thenAnswer(call -> {
                Request of = call.getArgument(0);
                return find(rq -> rq != of && rq.endSector() <= of.sector());
            });
            when(mock.dispatch(anyBoolean())).thenAnswer(call -> {
                boolean force = call.getArgument(0);
                if ((hold && !force) || held.isEmpty()) {
                    return 0;
                }
                context.dispatchSort(held.remove(0));
                return 1;
            });
            return mock;
        }

        private Request find(java.util.function.Predicate<Request> test) {
            for (Request rq : held) {
                if (test.test(rq)) {
                    return rq;
                }
            }
            return null;
        }

        void release() {
            hold = false;
            context.kick();
        }
    }

    private final Fifo fifo = new Fifo();

    private QueueHarness harness() {
        return QueueHarness.builder().disk(1).scheduler(fifo::create).build();
    }

    private Request only() {
        assertThat(fifo.held).hasSize(1);
        return fifo.held.get(0);
    }

    @Test
    void oneRequestsLifeGoesMayQueueSetRequestAddDispatchActivateCompletedPut() {
        QueueHarness h = harness();
        fifo.hold = false;
        h.submit(h.read(task, 100, 8));
        Request rq = only();
        h.runAll();

        IoScheduler s = fifo.mock;
        InOrder order = inOrder(s);
        order.verify(s).mayQueue(task, Op.READ, rq.flags());
        order.verify(s).setRequest(rq);
        order.verify(s).add(rq);
        order.verify(s, calls(1)).dispatch(false);
        order.verify(s).activate(rq);
        order.verify(s).completed(rq);
        order.verify(s).putRequest(rq);
        verify(s, never()).merged(any(Request.class), anyBoolean());
        verify(s, never()).deactivate(any(Request.class));
        assertThat(h.completed).hasSize(1);
    }

    @Test
    void aBioThatMergesNowhereIsOfferedForAFrontMergeBeforeItsRequestIsAllocated() {
        QueueHarness h = harness();
        h.submit(h.write(task, 100, 8));
        Request first = only();
        Bio bio = h.write(task, 500, 8);
        h.submit(bio);
        Request second = fifo.held.get(1);

        IoScheduler s = fifo.mock;
        InOrder order = inOrder(s);
        order.verify(s).add(first);
        order.verify(s).findFrontMerge(bio);
        order.verify(s).mayQueue(task, Op.WRITE, bio.flags());
        order.verify(s).setRequest(second);
        order.verify(s).add(second);
    }

    @Test
    void aBackMergeAsksAllowMergeThenTheLatterRequestThenMergedAndAllocatesNothing() {
        QueueHarness h = harness();
        h.submit(h.write(task, 100, 8));
        Request rq = only();
        Bio bio = h.write(task, 108, 8);
        h.submit(bio);
        fifo.release();
        h.runAll();

        IoScheduler s = fifo.mock;
        InOrder order = inOrder(s);
        order.verify(s).setRequest(rq);
        order.verify(s).add(rq);
        order.verify(s).allowMerge(rq, bio);
        order.verify(s).latterRequest(rq);
        order.verify(s).merged(rq, false);
        order.verify(s, calls(1)).dispatch(false);
        order.verify(s).activate(rq);
        order.verify(s).completed(rq);
        order.verify(s).putRequest(rq);
        verify(s, times(1)).mayQueue(any(Task.class), any(Op.class), anyInt());
        verify(s, times(1)).setRequest(any(Request.class));
        verify(s, never()).findFrontMerge(any(Bio.class));
        assertThat(rq.sectors()).isEqualTo(16);
        assertThat(h.completed).hasSize(2);
    }

    @Test
    void aFrontMergeFoundByTheSchedulerAsksAllowMergeThenTheFormerRequestThenMerged() {
        QueueHarness h = harness();
        h.submit(h.write(task, 500, 8)); // the last-merge hint, far away
        h.submit(h.write(task, 108, 8));
        Request target = fifo.held.get(1);
        Bio bio = h.write(task, 100, 8);
        h.submit(bio);

        IoScheduler s = fifo.mock;
        InOrder order = inOrder(s);
        order.verify(s).add(target);
        order.verify(s).findFrontMerge(bio);
        order.verify(s).allowMerge(target, bio);
        order.verify(s).formerRequest(target);
        order.verify(s).merged(target, true);
        verify(s, times(2)).setRequest(any(Request.class));
        assertThat(target.sector()).isEqualTo(100);
    }

    @Test
    void aBioFillingTheGapMergesTheTwoRequestsAndFreesTheAbsorbedOneWithoutMerged() {
        QueueHarness h = harness();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 116, 8));
        Request front = fifo.held.get(0);
        Request back = fifo.held.get(1);
        Bio bio = h.write(task, 108, 8);
        h.submit(bio);
        assertThat(only()).isSameAs(front);
        fifo.release();
        h.runAll();

        IoScheduler s = fifo.mock;
        InOrder order = inOrder(s);
        order.verify(s).add(back);
        order.verify(s).allowMerge(front, bio);
        order.verify(s).latterRequest(front);
        order.verify(s).requestsMerged(front, back);
        order.verify(s).putRequest(back);
        order.verify(s, calls(1)).dispatch(false);
        order.verify(s).activate(front);
        order.verify(s).completed(front);
        order.verify(s).putRequest(front);
        verify(s, never()).merged(any(Request.class), anyBoolean());
        verify(s, never()).activate(back);
        verify(s, never()).completed(back);
        verify(s, times(2)).setRequest(any(Request.class));
        assertThat(front.sectors()).isEqualTo(24);
        assertThat(h.completed).hasSize(3);
    }

    @Test
    void aRequeuedRequestIsDeactivatedAndActivatedAgainBeforeItCompletes() {
        // blk_requeue_request -> elv_requeue_request: elevator_deactivate_req_fn, then a later peek activates
        QueueHarness h = harness();
        fifo.hold = false;
        h.submit(h.read(task, 100, 8));
        Request rq = only();
        h.queue.unplug(task);
        assertThat(h.device.submitted()).containsExactly(rq);
        h.device.requeue(h.deviceHost, rq);
        h.deviceHost.ready();
        h.runAll();

        IoScheduler s = fifo.mock;
        InOrder order = inOrder(s);
        order.verify(s).add(rq);
        order.verify(s).activate(rq);
        order.verify(s).deactivate(rq);
        order.verify(s).activate(rq);
        order.verify(s).completed(rq);
        order.verify(s).putRequest(rq);
        verify(s, times(1)).add(eq(rq));
    }
}
