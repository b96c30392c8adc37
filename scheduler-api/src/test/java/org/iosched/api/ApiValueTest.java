package org.iosched.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ApiValueTest {
    private final Task fio = new Task(1000, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT);

    @Test
    void levelFromNiceFollowsTheKernelFormula() {
        assertThat(Task.levelFromNice(0)).isEqualTo(4);
        assertThat(Task.levelFromNice(-20)).isEqualTo(0);
        assertThat(Task.levelFromNice(19)).isEqualTo(7);
        assertThatThrownBy(() -> Task.levelFromNice(20)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cgroupWeightMustBeInTheBlkioRange() {
        assertThat(new Cgroup("/grp1", 100).weight()).isEqualTo(100);
        assertThatThrownBy(() -> new Cgroup("/grp1", 99)).hasMessageContaining("100..1000");
        assertThatThrownBy(() -> new Cgroup("grp1", 500)).hasMessageContaining("must start with '/'");
    }

    @Test
    void readsAreAlwaysSyncWritesOnlyWithTheSyncFlag() {
        assertThat(RequestFlags.isSync(Op.READ, 0)).isTrue();
        assertThat(RequestFlags.isSync(Op.WRITE, 0)).isFalse();
        assertThat(RequestFlags.isSync(Op.WRITE, RequestFlags.SYNC)).isTrue();
    }

    @Test
    void rwbsMatchesBlkFillRwbs() {
        assertThat(RequestFlags.rwbs(Op.READ, RequestFlags.SYNC)).isEqualTo("RS");
        assertThat(RequestFlags.rwbs(Op.WRITE, 0)).isEqualTo("W");
        assertThat(RequestFlags.rwbs(Op.WRITE, RequestFlags.SYNC | RequestFlags.META)).isEqualTo("WSM");
        assertThat(RequestFlags.rwbs(Op.WRITE, RequestFlags.PREFLUSH | RequestFlags.FUA | RequestFlags.SYNC))
                .isEqualTo("FWFS");
        assertThat(RequestFlags.rwbs(Op.FLUSH, RequestFlags.SYNC)).isEqualTo("FWS");
        assertThat(RequestFlags.rwbs(Op.DISCARD, 0)).isEqualTo("D");
        assertThat(RequestFlags.rwbs(Op.READ, RequestFlags.RAHEAD)).isEqualTo("RA");
    }

    @Test
    void requestGrowsByBackAndFrontMergesAndAbsorbsItsSuccessor() {
        Bio first = new Bio(Op.READ, RequestFlags.SYNC, 100, 8, fio, (b, t) -> { });
        Request rq = new Request(1, first, 0);
        rq.appendBio(new Bio(Op.READ, RequestFlags.SYNC, 108, 8, fio, (b, t) -> { }));
        rq.prependBio(new Bio(Op.READ, RequestFlags.SYNC, 92, 8, fio, (b, t) -> { }));
        Request next = new Request(2, new Bio(Op.READ, RequestFlags.SYNC, 116, 16, fio, (b, t) -> { }), 0);
        rq.absorb(next);
        assertThat(rq.sector()).isEqualTo(92);
        assertThat(rq.sectors()).isEqualTo(40);
        assertThat(rq.bioCount()).isEqualTo(4);
        assertThat(rq.firstBio().sector()).isEqualTo(92);
        assertThat(next.bioCount()).isZero();
    }

    @Test
    void nonContiguousMergeIsRefused() {
        Request rq = new Request(1, new Bio(Op.READ, 0, 100, 8, fio, (b, t) -> { }), 0);
        assertThatThrownBy(() -> rq.appendBio(new Bio(Op.READ, 0, 200, 8, fio, (b, t) -> { })))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> rq.appendBio(new Bio(Op.WRITE, 0, 108, 8, fio, (b, t) -> { })))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void ioPriorityEncodesClassAndLevelAsTheKernel() {
        assertThat(IoPriority.of(IoPrioClass.BE, 4)).isEqualTo(2 << 13 | 4);
        assertThat(IoPriority.of(IoPrioClass.RT, 0)).isEqualTo(0x2000);
        assertThat(IoPriority.of(fio)).isEqualTo(0x4004);
        assertThat(IoPriority.classValue(0x6007)).isEqualTo(3);
        assertThat(IoPriority.level(0x6007)).isEqualTo(7);
        assertThat(IoPriority.ioprioClass(IoPriority.NONE)).isNull();
        assertThat(IoPriority.ioprioClass(0x2003)).isEqualTo(IoPrioClass.RT);
        assertThatThrownBy(() -> IoPriority.of(IoPrioClass.BE, 8)).hasMessageContaining("0..7");
    }

    @Test
    void aRequestTakesItsFirstBiosIoPriority() {
        Bio bio = new Bio(Op.READ, 0, 2048, 8, fio, (b, t) -> { });
        assertThat(bio.ioPriority()).isEqualTo(IoPriority.NONE);
        bio.setIoPriority(IoPriority.of(IoPrioClass.RT, 2));
        Request rq = new Request(1, bio, 0);
        assertThat(rq.ioPriority()).isEqualTo(0x2002);
        assertThat(rq.tag()).isEqualTo(-1);
        assertThat(rq.internalTag()).isEqualTo(-1);
        assertThat(rq.hardwareQueue()).isNull();
    }
}
