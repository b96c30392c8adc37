package org.iosched.simulator.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.junit.jupiter.api.Test;

class BlktraceWriterTest {
    private final EventQueue clock = new EventQueue();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final BlockTrace trace = new BlockTrace(clock, null, bytes, "sda");
    private final Task fio = new Task(1000, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT);

    /** One decoded {@code struct blk_io_trace} and its payload. */
    private record Record(int magic, int sequence, long time, long sector, int bytes, int action, int pid, int device,
                          int cpu, int error, byte[] pdu) {
        int code() {
            return action & 0xffff;
        }
    }

    private List<Record> records() {
        trace.writeSummary(0);
        ByteBuffer in = ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        List<Record> records = new ArrayList<>();
        while (in.hasRemaining()) {
            int magic = in.getInt();
            int sequence = in.getInt();
            long time = in.getLong();
            long sector = in.getLong();
            int size = in.getInt();
            int action = in.getInt();
            int pid = in.getInt();
            int device = in.getInt();
            int cpu = in.getInt();
            int error = in.getShort();
            byte[] pdu = new byte[in.getShort()];
            in.get(pdu);
            records.add(new Record(magic, sequence, time, sector, size, action, pid, device, cpu, error, pdu));
        }
        return records;
    }

    private void at(long nanos) {
        clock.newTimer(null, () -> { }).arm(nanos);
        clock.run(nanos, () -> false);
    }

    @Test
    void aQueueEventIsAVersionSevenRecordAfterTheTimestampAndTheProcessNote() {
        at(5_000);
        trace.bio('Q', new Bio(Op.READ, RequestFlags.SYNC, 2048, 8, fio, (b, t) -> { }));

        List<Record> records = records();
        assertThat(records).hasSize(3);
        Record timestamp = records.get(0);
        assertThat(timestamp.action()).isEqualTo(1 | 0x400 << 16);
        assertThat(timestamp.pdu()).hasSize(8);
        Record note = records.get(1);
        assertThat(note.action()).isEqualTo(0x400 << 16);
        assertThat(note.pid()).isEqualTo(1000);
        assertThat(new String(note.pdu(), StandardCharsets.US_ASCII)).isEqualTo("fio" + "\0".repeat(13));
        Record queue = records.get(2);
        assertThat(queue.magic()).isEqualTo(0x65617407);
        assertThat(queue.sequence()).isEqualTo(1);
        assertThat(queue.time()).isEqualTo(5_000);
        assertThat(queue.sector()).isEqualTo(2048);
        assertThat(queue.bytes()).isEqualTo(4096);
        // __BLK_TA_QUEUE with BLK_TC_QUEUE | BLK_TC_READ | BLK_TC_SYNC
        assertThat(queue.action()).isEqualTo(1 | (0x10 | 0x1 | 0x8) << 16);
        assertThat(queue.pid()).isEqualTo(1000);
        assertThat(queue.device()).isEqualTo(8 << 20);
        assertThat(queue.cpu()).isZero();
        assertThat(queue.pdu()).isEmpty();
    }

    @Test
    void requestEventsCarryTheFsCategoryAndEachPidIsNotedOnce() {
        Request rq = new Request(0, new Bio(Op.WRITE, RequestFlags.SYNC | RequestFlags.FUA | RequestFlags.PREFLUSH,
                100, 16, fio, (b, t) -> { }), 0);
        trace.request('G', rq);
        trace.request('D', rq);
        trace.requestDone('C', rq);

        List<Record> records = records();
        assertThat(records).extracting(Record::code).containsExactly(1, 0, 4, 0, 7, 8);
        assertThat(records.get(3).pid()).isZero();
        assertThat(new String(records.get(3).pdu(), StandardCharsets.US_ASCII)).startsWith("swapper\0");
        int write = 0x2 | 0x4 | 0x8 | 0x8000;
        assertThat(records.get(2).action()).isEqualTo(4 | (0x10 | write) << 16);
        assertThat(records.get(4).action()).isEqualTo(7 | (0x40 | 0x100 | write) << 16);
        assertThat(records.get(5).action()).isEqualTo(8 | (0x80 | 0x100 | write) << 16);
        assertThat(records.get(5).sequence()).isEqualTo(3);
    }

    @Test
    void anUnplugCarriesItsDepthBigEndianAndAMessageItsText() {
        trace.swapCurrent(fio);
        trace.unplug(true, 3);
        trace.message("cfq1000 dispatched a request");

        List<Record> records = records();
        Record unplug = records.get(2);
        assertThat(unplug.action()).isEqualTo(11 | (0x10 | 0x1) << 16);
        assertThat(ByteBuffer.wrap(unplug.pdu()).order(ByteOrder.BIG_ENDIAN).getLong()).isEqualTo(3);
        Record message = records.get(3);
        assertThat(message.action()).isEqualTo(2 | 0x400 << 16);
        assertThat(message.pid()).isZero();
        assertThat(message.sequence()).isZero();
        assertThat(new String(message.pdu(), StandardCharsets.US_ASCII)).isEqualTo("cfq1000 dispatched a request");
    }

    @Test
    void theCategoriesGiveBlkparseTheTextsRwbs() {
        int[] flagSets = {0, RequestFlags.SYNC, RequestFlags.META, RequestFlags.FUA, RequestFlags.PREFLUSH,
                RequestFlags.RAHEAD, RequestFlags.SYNC | RequestFlags.META | RequestFlags.FUA | RequestFlags.PREFLUSH};
        for (Op op : Op.values()) {
            for (int flags : flagSets) {
                long bytes = op.hasData() ? 4096 : 0;
                assertThat(blkparseRwbs(BlktraceWriter.categories(op, flags), bytes))
                        .as("%s %x", op, flags).isEqualTo(RequestFlags.rwbs(op, flags));
            }
        }
    }

    // what blkparse prints for a record's categories and size (blkparse(1): F, then D/W/R/N, then F, A, S, M)
    private static String blkparseRwbs(int action, long bytes) {
        StringBuilder rwbs = new StringBuilder();
        if ((action & BlktraceWriter.TC_FLUSH) != 0) {
            rwbs.append('F');
        }
        if ((action & BlktraceWriter.TC_DISCARD) != 0) {
            rwbs.append('D');
        } else if ((action & BlktraceWriter.TC_WRITE) != 0) {
            rwbs.append('W');
        } else if (bytes != 0) {
            rwbs.append('R');
        } else {
            rwbs.append('N');
        }
        if ((action & BlktraceWriter.TC_FUA) != 0) {
            rwbs.append('F');
        }
        if ((action & BlktraceWriter.TC_AHEAD) != 0) {
            rwbs.append('A');
        }
        if ((action & BlktraceWriter.TC_SYNC) != 0) {
            rwbs.append('S');
        }
        if ((action & BlktraceWriter.TC_META) != 0) {
            rwbs.append('M');
        }
        return rwbs.toString();
    }
}
