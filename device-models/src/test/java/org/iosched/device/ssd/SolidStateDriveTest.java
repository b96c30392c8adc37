package org.iosched.device.ssd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.device.LoadDriver;
import org.iosched.device.LoadDriver.Spec;
import org.iosched.device.Probe;
import org.iosched.device.preset.NvmeProvider;
import org.iosched.device.preset.SsdX25mProvider;
import org.junit.jupiter.api.Test;

class SolidStateDriveTest {
    private static final long US = 1000;

    @Test
    void aQueueDepthOneReadTakesControllerFlashChannelAndLinkTime() {
        Probe ssd = new Probe(new SsdX25mProvider(), Map.of());
        Request read = ssd.submitAt(0, ssd.request(Op.READ, 0, 0, 8));
        ssd.drain();

        // 28 controller + 25 tR + 12 channel + 16.4 link (§5 D, derivation in SsdPresets)
        assertThat(ssd.latency(read)).isBetween(80 * US, 83 * US);
    }

    @Test
    void readsOfPagesOnTheSameDieWaitForEachOther() {
        Probe sameDie = new Probe(new SsdX25mProvider(), Map.of());
        sameDie.submitAt(0, sameDie.request(Op.READ, 0, 0, 8));
        Request second = sameDie.submitAt(0, sameDie.request(Op.READ, 0, 40 * 8, 8));
        sameDie.drain();
        Probe otherDie = new Probe(new SsdX25mProvider(), Map.of());
        otherDie.submitAt(0, otherDie.request(Op.READ, 0, 0, 8));
        Request neighbour = otherDie.submitAt(0, otherDie.request(Op.READ, 0, 8, 8));
        otherDie.drain();

        // page 40 hashes to die 0 as page 0 does (40 dies); page 1 to die 1
        assertThat(sameDie.latency(second)).isGreaterThan(otherDie.latency(neighbour));
    }

    @Test
    void aWriteIsAcknowledgedFromTheBufferAndAFlushWaitsForTheProgram() {
        Probe ssd = new Probe(new SsdX25mProvider(), Map.of());
        Request write = ssd.submitAt(0, ssd.request(Op.WRITE, RequestFlags.SYNC, 0, 8));
        ssd.runUntil(100 * US);
        Request flush = ssd.submitAt(100 * US, ssd.request(Op.FLUSH, 0, 0, 0));
        ssd.drain();

        // §2.1: 85 µs write latency; the flush waits for the 1.6 ms program, then 0.5 ms
        assertThat(ssd.latency(write)).isBetween(84 * US, 86 * US);
        assertThat(ssd.latency(flush)).isGreaterThan(1600 * US);
        assertThat(ssd.completionTime(flush)).isGreaterThanOrEqualTo(1600 * US + 500 * US);
    }

    @Test
    void withTheWriteCacheOffAWriteCompletesWhenProgrammed() {
        Probe ssd = new Probe(new SsdX25mProvider(), Map.of("write_cache", "0"));
        Request write = ssd.submitAt(0, ssd.request(Op.WRITE, 0, 0, 8));
        ssd.drain();

        assertThat(ssd.latency(write)).isGreaterThan(1600 * US);
    }

    @Test
    void aFuaWriteCompletesWhenProgrammed() {
        Probe ssd = new Probe(new NvmeProvider(), Map.of());
        Request write = ssd.submitAt(0, ssd.request(Op.WRITE, RequestFlags.FUA, 0, 8));
        ssd.drain();

        assertThat(ssd.latency(write)).isGreaterThan(840 * US);
    }

    @Test
    void flushAndDiscardAreNonQueuedOnSataButQueuedOnNvme() {
        Probe sata = new Probe(new SsdX25mProvider(), Map.of());
        sata.submitAt(0, sata.request(Op.READ, 0, 0, 8));
        assertThat(sata.device().canAccept(sata.request(Op.FLUSH, 0, 0, 0), 1)).isFalse();
        assertThat(sata.device().canAccept(sata.request(Op.DISCARD, 0, 0, 8), 1)).isFalse();
        Probe nvme = new Probe(new NvmeProvider(), Map.of());
        nvme.submitAt(0, nvme.request(Op.READ, 0, 0, 8));
        assertThat(nvme.device().canAccept(nvme.request(Op.FLUSH, 0, 0, 0), 1)).isTrue();
    }

    @Test
    void aFullBufferDelaysWrites() {
        Probe ssd = new Probe(new SsdX25mProvider(), Map.of("write_buffer_kb", "160"));
        Request last = null;
        // 40 dies x 1 page of room, then each write waits for a 1.6 ms program to end
        for (int i = 0; i < 80; i++) {
            last = ssd.submitAt(0, ssd.request(Op.WRITE, 0, (long) i * 40 * 8, 8));
            ssd.drain();
        }
        assertThat(ssd.latency(last)).isGreaterThan(1000 * US);
        assertThat(ssd.stat("write_buffer_full_waits")).isPositive();
    }

    @Test
    void garbageCollectionIsReportedToTheTrace() {
        // 1 GiB, so that the spare area still holds garbage beyond the GC reserve
        Probe ssd = new Probe(new SsdX25mProvider(), Map.of("capacity_sectors", "2097152",
                "start_state", "preconditioned"));
        ssd.context().enableTrace();
        // a die opens its second block after 64 pages: 40 dies x 64 = 2,560 writes
        for (int i = 0; i < 6000; i++) {
            ssd.submitAt(ssd.context().now(), ssd.request(Op.WRITE, 0, (i * 7919L % 262_144) * 8, 8));
            ssd.drain();
        }

        assertThat(ssd.stat("gc_runs")).isPositive();
        assertThat(ssd.context().traceMessages()).anyMatch(m -> m.contains("gc: die"));
    }

    @Test
    void theSameSeedAndRequestsGiveTheSameTimings() {
        long capacity = 1L << 24;
        LoadDriver.Source mixed = (i, r) -> i % 3 == 0 ? Spec.write(r.nextLong(capacity / 8) * 8, 8)
                : Spec.read(r.nextLong(capacity / 8) * 8, 8);
        Map<String, String> small = Map.of("capacity_sectors", Long.toString(capacity), "start_state", "preconditioned");
        var a = run(small, mixed);
        var b = run(small, mixed);

        assertThat(a.latencies()).isEqualTo(b.latencies());
    }

    private static LoadDriver.Result run(Map<String, String> overrides, LoadDriver.Source source) {
        org.iosched.device.FakeDeviceContext context = new org.iosched.device.FakeDeviceContext(1);
        var device = org.iosched.device.Devices.create(new SsdX25mProvider(), context, overrides);
        return new LoadDriver(context, device, 7).run(source, 16, 5000, 0);
    }
}
