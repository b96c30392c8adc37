package org.iosched.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

class RequestsTest {
    @Test
    void theDefaultTaskIsFioWithTheFirstPidAndRequestIdsCountFromOne() {
        Requests requests = Requests.atTimeZero();
        Request first = requests.read(100);
        Request second = requests.write(200);

        assertThat(first.task().toString()).isEqualTo("fio[100]");
        assertThat(second.task()).isSameAs(first.task());
        assertThat(first.id()).isEqualTo(1);
        assertThat(second.id()).isEqualTo(2);
        assertThat(first.toString()).isEqualTo("rq1 R 100 + 8 [fio[100]]");
        assertThat(requests.nextId()).isEqualTo(3);
    }

    @Test
    void tasksGetPidsInOrderWithTheirPriorityAndCgroup() {
        Requests requests = Requests.atTimeZero();
        Cgroup slow = new Cgroup("/slow", 100);
        Task reader = requests.task("reader");
        Task rt = requests.task("rt", IoPrioClass.RT, 1, slow);
        Task flusher = requests.kernelThread("flush-8:0");
        Task db = requests.task("db", slow);

        assertThat(reader.pid()).isEqualTo(100);
        assertThat(reader.ioprioClass()).isEqualTo(IoPrioClass.BE);
        assertThat(reader.ioprioLevel()).isEqualTo(IoPrioClass.NORM);
        assertThat(reader.cgroup()).isEqualTo(Cgroup.ROOT);
        assertThat(rt.pid()).isEqualTo(101);
        assertThat(rt.ioprioClass()).isEqualTo(IoPrioClass.RT);
        assertThat(rt.cgroup()).isEqualTo(slow);
        assertThat(flusher.isKernelThread()).isTrue();
        assertThat(db.cgroup()).isEqualTo(slow);
        assertThat(requests.defaultTask().pid()).isEqualTo(104);
    }

    @Test
    void readsAreSyncBufferedWritesAsyncAndSyncWritesCarryTheSyncFlag() {
        Requests requests = Requests.atTimeZero();
        assertThat(requests.read(0).isSync()).isTrue();
        assertThat(requests.write(0).isSync()).isFalse();
        Request syncWrite = requests.syncWrite(0);
        assertThat(syncWrite.isSync()).isTrue();
        assertThat(syncWrite.hasFlag(RequestFlags.SYNC)).isTrue();
        Request meta = requests.request(Op.READ, RequestFlags.META, 64, 16);
        assertThat(meta.sectors()).isEqualTo(16);
        assertThat(meta.hasFlag(RequestFlags.META)).isTrue();
    }

    @Test
    void requestsStartAtTheContextsTime() {
        FakeSchedulerContext context = FakeSchedulerContext.create();
        Requests requests = Requests.on(context);
        context.advanceMillis(7);
        assertThat(requests.read(0).startTime()).isEqualTo(7_000_000L);
    }

    @Test
    void biosCarryTheirTaskAndCompletion() {
        Requests requests = Requests.atTimeZero();
        Task task = requests.task("dd");
        long[] ended = {-1};
        Bio bio = requests.bio(task, Op.WRITE, RequestFlags.SYNC, 800, 16, (b, at) -> ended[0] = at);
        bio.endIo().bioCompleted(bio, 42);

        assertThat(bio.task()).isSameAs(task);
        assertThat(bio.isSync()).isTrue();
        assertThat(ended[0]).isEqualTo(42);
        Request rq = requests.fromBio(bio);
        assertThat(rq.firstBio()).isSameAs(bio);
        assertThat(rq.sector()).isEqualTo(800);
    }
}
