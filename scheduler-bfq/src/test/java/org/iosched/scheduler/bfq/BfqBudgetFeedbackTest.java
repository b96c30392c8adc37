package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code __bfq_bfqq_recalc_budget} (reference/bfq.md section 7.5): the next budget of a sync queue from why it
 * expired, before 194 budgets were assigned (max 16384, min 512 sectors).
 */
class BfqBudgetFeedbackTest {
    @ParameterizedTest(name = "reason {0}, max_budget {1}, dispatched {2}, service {3} -> {4}")
    @CsvSource({
        // TOO_IDLE with requests in flight: doubled (capped at the device's max budget)
        "0, 4096, 1, 0, 8192",
        "0, 12000, 1, 0, 16384",
        // TOO_IDLE with nothing in flight: 4 min budgets less, or the min budget
        "0, 4096, 0, 0, 2048",
        "0, 2048, 0, 0, 512",
        // BUDGET_TIMEOUT: doubled
        "1, 4096, 0, 0, 8192",
        "1, 10000, 0, 0, 16384",
        // BUDGET_EXHAUSTED: quadrupled
        "2, 2048, 0, 0, 8192",
        "2, 8192, 0, 0, 16384",
        // NO_MORE_REQUESTS: what it used, at least the min budget
        "3, 8192, 0, 3000, 3000",
        "3, 8192, 0, 300, 512",
        // PREEMPTED: unchanged
        "4, 5000, 0, 300, 5000",
    })
    void syncQueuesFollowTheExpiryReason(int reason, long maxBudget, int dispatched, long service, long expected) {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0"));
        Task task = h.task("reader", 4);
        h.read(task, 0);
        BfqQueue q = h.scheduler.syncQueueOf(task);
        q.maxBudget = maxBudget;
        q.dispatched = dispatched;
        q.entity.service = service;
        long budgetBefore = q.entity.budget;
        h.scheduler.recalcBudget(q, reason);
        q.dispatched = 0;
        assertThat(q.maxBudget).isEqualTo(expected);
        // the entity's budget follows, except on preemption (nothing changes at all)
        assertThat(q.entity.budget).isEqualTo(reason == Bfq.PREEMPTED ? budgetBefore : Math.max(expected, 8));
    }

    @ParameterizedTest(name = "reason {0}: async queues get the max budget")
    @CsvSource({"0", "1", "2", "3"})
    void asyncQueuesGetTheMaxBudget(int reason) {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0"));
        Task task = h.task("writer", 4);
        h.asyncWrite(task, 0);
        h.dispatch();
        BfqQueue q = h.scheduler.inServiceQueue();
        assertThat(q.sync).isFalse();
        q.maxBudget = 100;
        h.scheduler.recalcBudget(q, reason);
        assertThat(q.maxBudget).isEqualTo(16384);
    }

    @ParameterizedTest(name = "reason {0}: a raised queue gets 2 min budgets")
    @CsvSource({"0", "1", "2", "3"})
    void weightRaisedQueuesGetTwoMinBudgets(int reason) {
        Harness h = new Harness(FakeSchedulerContext.HDD, Map.of());
        Task task = h.task("app", 4);
        h.read(task, 0);
        BfqQueue q = h.scheduler.syncQueueOf(task);
        assertThat(q.wrCoeff).isEqualTo(30);
        q.maxBudget = 8000;
        h.scheduler.recalcBudget(q, reason);
        assertThat(q.maxBudget).isEqualTo(1024);
    }
}
