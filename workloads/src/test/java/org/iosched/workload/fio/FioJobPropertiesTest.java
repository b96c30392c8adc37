package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.iosched.workload.testing.FakeWorkloadContext;

class FioJobPropertiesTest {
    @Property(tries = 60)
    void aSizeBasedJobMovesExactlyItsSizeInsideItsRegionWithinItsDepth(
            @ForAll @IntRange(min = 0, max = 9) int mode,
            @ForAll @IntRange(min = 9, max = 14) int bsShift,
            @ForAll @IntRange(min = 1, max = 32) int blocks,
            @ForAll @IntRange(min = 1, max = 16) int iodepth,
            @ForAll @IntRange(min = 0, max = 64) int offsetBlocks,
            @ForAll boolean async,
            @ForAll @LongRange(min = 0, max = 1000) long seed) {
        String rw = RwMode.values()[mode].fioName();
        long bs = 1L << bsShift;
        long size = bs * blocks;
        long offset = bs * offsetBlocks;
        FakeWorkloadContext ctx = new FakeWorkloadContext(1L << 24, seed).latency(io -> 1_000 + io.offset() % 7_000);
        Fio.run("[job]\nrw=" + rw + "\nbs=" + bs + "\nsize=" + size + "\noffset=" + offset + "\niodepth=" + iodepth
                + "\nioengine=" + (async ? "libaio" : "psync") + "\ndirect=1\nfilename=/dev/sdb\n", ctx);
        assertThat(ctx.finished()).isTrue();
        long moved = ctx.recorded.stream()
                .filter(r -> r.kind() != org.iosched.api.FileIo.Kind.TRIM || !RwMode.values()[mode].trimWrite())
                .mapToLong(FakeWorkloadContext.Recorded::bytes).sum();
        assertThat(moved).isEqualTo(size);
        assertThat(ctx.submissions).allSatisfy(s -> {
            assertThat(s.offset()).isGreaterThanOrEqualTo(offset);
            assertThat(s.offset() + s.length()).isLessThanOrEqualTo(offset + size);
        });
        assertThat(ctx.maxInFlightByPid.values()).allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(async ? iodepth : 1));
        assertThat(ctx.jobEnds).containsKey(0);
        assertThat(ctx.exitedTasks).hasSize(1);
    }
}
