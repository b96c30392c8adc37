package org.iosched.biocontrol.ioband;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.BioController;
import org.iosched.api.Cgroup;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.iosched.biocontrol.FakeBioLayer;
import org.iosched.biocontrol.GreedyReader;
import org.junit.jupiter.api.Test;

/**
 * {@code prevent_burst_bios}: a task sleeps while its group holds its limit of bios; a kernel thread sleeps
 * only while the device holds {@code io_limit}; both are woken and resubmit.
 */
class IobandSleepTest {
    private static final long MS = 1_000_000L;

    /** io_limit 8 with only the default group: 32 tokens, and the group may hold 8 / 4 = 2 bios. */
    private static FakeBioLayer slowDisk(BioController[] controller) {
        FakeBioLayer layer = FakeBioLayer.builder().queueDepth(1).serviceTime(bio -> 10 * MS).build();
        controller[0] = layer.install(new IobandProvider(), Map.of("policy", "weight", "io_limit", "8"));
        return layer;
    }

    @Test
    void aTaskSleepsWhenItsGroupHoldsItsLimitAndWakesOnceTheGroupsHeldBiosHaveDrained() {
        BioController[] c = new BioController[1];
        FakeBioLayer layer = slowDisk(c);
        Task fio = layer.newTask("fio", Cgroup.ROOT);
        GreedyReader reader = GreedyReader.reader(layer, fio, 20, 8).start();
        layer.runUntil(MS);

        // 8 in flight (io_limit), 2 held (the group's limit), the 11th submitter sleeps
        assertThat(layer.passedDown()).hasSize(8);
        assertThat(c[0].statistics().get("/.held")).isEqualTo(2);
        assertThat(layer.isSleeping(fio)).isTrue();

        layer.runUntil(15 * MS);
        // one completion released one held bio; the other still waits for room, so the task sleeps on
        assertThat(c[0].statistics().get("/.held")).isEqualTo(1);
        assertThat(layer.isSleeping(fio)).isTrue();

        layer.runUntil(25 * MS);
        // the second completion released the last held bio: the task woke, refilled the group and sleeps again
        assertThat(layer.wakes()).isEqualTo(1);
        assertThat(layer.sleeps()).isEqualTo(2);
        assertThat(c[0].statistics().get("/.held")).isEqualTo(2);

        reader.stop();
        layer.runToIdle(10_000 * MS);
        assertThat(layer.sleepingTasks()).isZero();
        assertThat(layer.wakes()).isEqualTo(layer.sleeps());
        assertThat(reader.completedBios()).isEqualTo(reader.submittedBios());
    }

    @Test
    void aKernelThreadSleepsOnlyWhenTheDeviceHoldsIoLimitBios() {
        BioController[] c = new BioController[1];
        FakeBioLayer layer = slowDisk(c);
        Task flusher = layer.newKernelTask("flush-8:0");
        GreedyReader writer = new GreedyReader(layer, flusher, Op.WRITE, 0, 30, 8, 0).start();
        layer.runUntil(MS);

        // 8 in flight, then held past the group's limit of 2 up to the device's io_limit of 8
        assertThat(layer.passedDown()).hasSize(8);
        assertThat(c[0].statistics().get("/.held")).isEqualTo(8);
        assertThat(layer.isSleeping(flusher)).isTrue();
        assertThat(c[0].statistics().get("device_sleeps")).isEqualTo(1L);

        writer.stop();
        layer.runToIdle(10_000 * MS);
        assertThat(layer.sleepingTasks()).isZero();
        assertThat(writer.completedBios()).isEqualTo(writer.submittedBios());
    }

    @Test
    void syncAndAsyncBiosAreCountedSeparately() {
        BioController[] c = new BioController[1];
        FakeBioLayer layer = slowDisk(c);
        Task reader = layer.newTask("reader", Cgroup.ROOT);
        Task writer = layer.newTask("writer", Cgroup.ROOT);
        GreedyReader.reader(layer, reader, 20, 8).start();
        new GreedyReader(layer, writer, Op.WRITE, 0, 20, 8, 1 << 20).start();
        layer.runUntil(MS);

        // io_limit applies per direction: 8 sync and 8 async in flight, and each direction holds 2
        assertThat(layer.passedDown()).hasSize(16);
        assertThat(c[0].statistics().get("/.held")).isEqualTo(4);
        assertThat(layer.isSleeping(reader)).isTrue();
        assertThat(layer.isSleeping(writer)).isTrue();
    }

    @Test
    void sleepersWokenInsideTheControllersCallResubmitSafely() {
        FakeBioLayer layer = FakeBioLayer.builder().queueDepth(1).serviceTime(bio -> 10 * MS)
                .synchronousWake(true).build();
        layer.install(new IobandProvider(), Map.of("policy", "weight", "io_limit", "8"));
        GreedyReader[] readers = new GreedyReader[3];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = GreedyReader.reader(layer, layer.newTask("fio", Cgroup.ROOT), 6, 8).start();
        }
        layer.runUntil(2000 * MS);
        for (GreedyReader r : readers) {
            r.stop();
        }
        layer.runToIdle(100_000 * MS);

        assertThat(layer.sleeps()).isPositive();
        assertThat(layer.wakes()).isEqualTo(layer.sleeps());
        for (GreedyReader r : readers) {
            assertThat(r.completedBios()).isEqualTo(r.submittedBios());
        }
    }

    @Test
    void aGroupOutOfTokensOnAnIdleDeviceIsServedByTheConductorOneJiffyLater() {
        // weight-iosize with io_limit 4: a bucket of (4*2*2) << 3 = 128 tokens, all the default group's
        FakeBioLayer layer = FakeBioLayer.builder().queueDepth(1).serviceTime(bio -> 300_000).build();
        layer.install(new IobandProvider(), Map.of("policy", "weight-iosize", "io_limit", "4"));
        Task fio = layer.newTask("fio", Cgroup.ROOT);
        // a 256-sector bio leaves the group 128 tokens in debt; the next one must wait for a new epoch
        GreedyReader reader = GreedyReader.reader(layer, fio, 1, 256).start();
        layer.runUntil(1_500_000);

        assertThat(layer.passedDown()).hasSize(2);
        assertThat(layer.passedDown().get(0).time()).isZero();
        // submitted at 0.3 ms when the first completed; queue_delayed_work(..., 1) runs at the next tick
        assertThat(layer.passedDown().get(1).time()).isEqualTo(MS);
        assertThat(layer.passedDown().get(1).task().name()).isEqualTo("kioband");
        reader.stop();
    }
}
