package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/**
 * direct=1 with sizes or offsets that are not multiples of the 512-byte logical block: fio 3.33's first I/O
 * fails with EINVAL ("fio: first direct IO errored"; checked against real fio on ext4 for every case here);
 * iosched says so before the run, naming the line of the option.
 */
class DirectIoAlignmentTest {
    private static final String RULE = "not a multiple of the device's 512-byte logical block size (direct=1 needs "
            + "aligned sizes and offsets)";

    private static void rejects(String options, String message) {
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nrw=randrw\ndirect=1\n" + options))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(message);
    }

    @Test
    void aKibSizeUnderKbBase1024IsDecimalAndUnaligned() {
        rejects("bs=4KiB", "job.fio:5: bs=4KiB is 4000 bytes, " + RULE);
        rejects("bs=500", "job.fio:5: bs=500 is 500 bytes, " + RULE);
        rejects("blocksize=1000", "job.fio:5: blocksize=1000 is 1000 bytes, " + RULE);
    }

    @Test
    void rangesSplitsAlignmentsAndOffsetsAreCheckedToo() {
        rejects("bsrange=1000-8k", "job.fio:5: bsrange=1000-8k gives 1000 bytes, " + RULE);
        rejects("bssplit=4k/50:1000/50", "job.fio:5: bssplit=4k/50:1000/50 gives 1000 bytes, " + RULE);
        rejects("bs=4k,1000", "job.fio:5: bs=4k,1000 gives 1000 bytes, " + RULE);
        rejects("ba=1000", "job.fio:5: ba=1000 is 1000 bytes, " + RULE);
        rejects("offset=100", "job.fio:5: offset=100 is 100 bytes, " + RULE);
        rejects("numjobs=2\noffset_increment=1000", "job.fio:6: offset_increment=1000 is 1000 bytes, " + RULE);
        rejects("bsrange=4k-8k\nbs_unaligned", "job.fio:6: bs_unaligned draws block sizes that are not multiples "
                + "of the device's 512-byte logical block size (direct=1 needs aligned sizes and offsets)");
    }

    @Test
    void theLineIsTheOneThatSetTheOptionEvenInGlobal() {
        assertThatThrownBy(() -> Fio.workload("[global]\nbs=500\n[job]\nsize=1m\ndirect=1\n"))
                .hasMessage("job.fio:2: bs=500 is 500 bytes, " + RULE);
    }

    @Test
    void alignedSizesBufferedIoUnusedDirectionsAndTheNullEngineRunAsFioRunsThem() {
        assertThat(Fio.workload("[job]\nsize=1m\ndirect=1\nbs=4k\nbsrange=512-8k\noffset=512\n").specs()).hasSize(1);
        assertThat(Fio.workload("[job]\nsize=1m\nbs=500\n").specs()).hasSize(1);
        assertThat(Fio.workload("[job]\nsize=1m\ndirect=1\nrw=read\nbs=4k,500\n").specs()).hasSize(1);
        assertThat(Fio.workload("[job]\nsize=1m\ndirect=1\nioengine=null\nbs=500\n").specs()).hasSize(1);
        assertThat(Fio.workload("[job]\nsize=1m\ndirect=1\noffset_increment=1000\n").specs()).hasSize(1);
        assertThat(Fio.workload("[job]\nsize=1m\ndirect=1\nbssplit=4k/100:1000/0\n").specs()).hasSize(1);
    }
}
