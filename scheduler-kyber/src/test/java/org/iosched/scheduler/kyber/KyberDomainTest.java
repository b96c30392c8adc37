package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.junit.jupiter.api.Test;

/** kyber_sched_domain, kyber_insert_requests and kyber_bio_merge: which list a request or bio goes to. */
class KyberDomainTest {
    @Test
    void operationsMapToTheFourDomains() {
        assertThat(KyberScheduler.domainOf(Op.READ)).isEqualTo(KyberScheduler.READ);
        assertThat(KyberScheduler.domainOf(Op.WRITE)).isEqualTo(KyberScheduler.WRITE);
        assertThat(KyberScheduler.domainOf(Op.DISCARD)).isEqualTo(KyberScheduler.DISCARD);
        assertThat(KyberScheduler.domainOf(Op.FLUSH)).isEqualTo(KyberScheduler.OTHER);
    }

    @Test
    void syncAndAsyncWritesShareTheWriteDomain() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        Request async = Kybers.insert(kyber, Kybers.write(context, 0, 0));
        Request sync = Kybers.insert(kyber, Kybers.syncWrite(context, 100, 0));

        // one token each from the WRITE pool; nothing from READ's
        assertThat(Kybers.drain(kyber, context.hardwareQueue(0), 10)).containsExactly(async, sync);
        assertThat(kyber.tokens(KyberScheduler.WRITE).inUse()).isEqualTo(2);
        assertThat(kyber.tokens(KyberScheduler.READ).inUse()).isZero();
    }

    @Test
    void kernelConstantsPerDomain() {
        assertThat(new int[] {KyberScheduler.maxDepth(0), KyberScheduler.maxDepth(1), KyberScheduler.maxDepth(2),
                KyberScheduler.maxDepth(3)}).containsExactly(256, 128, 64, 16);
        assertThat(new int[] {KyberScheduler.batchSize(0), KyberScheduler.batchSize(1), KyberScheduler.batchSize(2),
                KyberScheduler.batchSize(3)}).containsExactly(16, 8, 1, 1);
        KyberScheduler kyber = Kybers.on(Kybers.simple());
        assertThat(kyber.target(KyberScheduler.READ)).isEqualTo(2_000_000L);
        assertThat(kyber.target(KyberScheduler.WRITE)).isEqualTo(10_000_000L);
        assertThat(kyber.target(KyberScheduler.DISCARD)).isEqualTo(5_000_000_000L);
        for (int d = 0; d < KyberScheduler.DOMAINS; d++) {
            assertThat(kyber.tokens(d).depth()).isEqualTo(KyberScheduler.maxDepth(d));
        }
    }

    @Test
    void aBioMergesOnlyIntoTheCurrentCpusListOfItsDomain() {
        FakeMqSchedulerContext context = Kybers.context(250, 2, 1, 32, 64);
        KyberScheduler kyber = Kybers.on(context);
        Request onCpu1 = Kybers.insert(kyber, Kybers.read(context, 0, 1));
        Request writeOnCpu0 = Kybers.insert(kyber, Kybers.write(context, 8, 0));

        context.setCurrentCpu(0);
        Bio read = context.requests().bio(Op.READ, 0, 8, 8);
        assertThat(kyber.bioMerge(read)).as("cpu 0 has no read list entry").isFalse();
        context.setCurrentCpu(1);
        assertThat(kyber.bioMerge(read)).isTrue();
        assertThat(onCpu1.sectors()).isEqualTo(16);
        // a write bio ending where the write starts merges at the front, in the write list of CPU 0
        context.setCurrentCpu(0);
        assertThat(kyber.bioMerge(context.requests().bio(Op.WRITE, 0, 0, 8))).isTrue();
        assertThat(writeOnCpu0.sector()).isZero();
    }

    @Test
    void flushedRequestsAreNoLongerMergeable() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        Kybers.insert(kyber, Kybers.read(context, 0, 0));
        Kybers.insert(kyber, Kybers.read(context, 100, 0));
        Request first = kyber.dispatchRequest(context.hardwareQueue(0));

        assertThat(first.sector()).isZero();
        // the read at 100 now sits in rqs[READ], out of the software queue's list
        assertThat(kyber.bioMerge(context.requests().bio(Op.READ, 0, 108, 8))).isFalse();
    }

    @Test
    void insertAppendsOrPutsAtTheHeadOfTheRequestsSoftwareQueue() {
        FakeMqSchedulerContext context = Kybers.context(250, 2, 1, 32, 64);
        KyberScheduler kyber = Kybers.on(context);
        Request a = Kybers.insert(kyber, Kybers.read(context, 0, 1));
        Request b = Kybers.insert(kyber, Kybers.read(context, 100, 0));
        Request c = Kybers.insert(kyber, Kybers.read(context, 200, 1));
        Request head = Kybers.read(context, 300, 1);
        kyber.prepareRequest(head);
        Kybers.insertAtHead(kyber, head);

        // flush order: software queue 0 (CPU 0), then 1; FIFO within each, AT_HEAD first
        assertThat(Kybers.drain(kyber, context.hardwareQueue(0), 10)).containsExactly(b, head, a, c);
    }

    @Test
    void severalAtHeadRequestsEndUpReversedAsTheKernelsListMoveLeavesThem() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        Request a = Kybers.read(context, 0, 0);
        Request b = Kybers.read(context, 100, 0);
        kyber.prepareRequest(a);
        kyber.prepareRequest(b);
        kyber.insertRequests(context.hardwareQueue(0), List.of(a, b), KyberScheduler.INSERT_AT_HEAD);

        assertThat(Kybers.drain(kyber, context.hardwareQueue(0), 10)).containsExactly(b, a);
    }

    @Test
    void hasWorkWhileAnyListHoldsARequest() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        assertThat(kyber.hasWork(context.hardwareQueue(0))).isFalse();
        Kybers.insert(kyber, Kybers.request(context, Op.DISCARD, 0, 0, 8, 0));
        Kybers.insert(kyber, Kybers.request(context, Op.DISCARD, 0, 100, 8, 0));
        assertThat(kyber.hasWork(context.hardwareQueue(0))).isTrue();
        kyber.dispatchRequest(context.hardwareQueue(0));
        assertThat(kyber.hasWork(context.hardwareQueue(0))).as("one left in rqs[DISCARD]").isTrue();
        kyber.dispatchRequest(context.hardwareQueue(0));
        assertThat(kyber.hasWork(context.hardwareQueue(0))).isFalse();
    }
}
