package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Task;
import org.iosched.api.Cgroup;
import org.junit.jupiter.api.Test;

class Ext4LayoutTest {
    private static final long ONE_TB_SECTORS = 1_953_525_168L;
    private final Task jobA = new Task(1000, "a", false, IoPrioClass.BE, 4, Cgroup.ROOT);
    private final Task jobB = new Task(1001, "b", false, IoPrioClass.BE, 4, Cgroup.ROOT);

    private static Ext4Layout layout(long sectors, int fragmentation) {
        return new Ext4Layout(new DeviceInfo("d", sectors, true, 1, true, false, 1024), fragmentation,
                new SplittableRandom(3));
    }

    private static long block(Inode inode, long offset) {
        return Ext4Layout.blockOfSector(inode.sectorOf(offset));
    }

    @Test
    void aTerabyteDiskGetsA128MiBJournalInTheMiddleFlexGroupAfterItsMetadataGroup() {
        Ext4Layout fs = layout(ONE_TB_SECTORS, 0);

        assertThat(fs.journalBlocks()).isEqualTo(32768);
        // 244190396 blocks, 7453 groups: the middle group 3726 rounds down to flex group start 3712, whose next
        // group (3713) has more free blocks
        assertThat(fs.journalStart()).isEqualTo(3713L * 32768);
    }

    @Test
    void aOneGibDiskGetsA16MiBJournalInTheGroupBeforeTheMiddle() {
        Ext4Layout fs = layout(1L << 21, 0);

        assertThat(fs.journalBlocks()).isEqualTo(4096);
        assertThat(fs.journalStart()).isEqualTo(2L * 32768);
    }

    @Test
    void filesStartAfterGroupZerosMetadataAndATasksFilesFollowEachOther() {
        Ext4Layout fs = layout(ONE_TB_SECTORS, 0);
        Inode first = fs.createFile(1, "/mnt/a.0", 10 << 20, jobA);
        Inode second = fs.createFile(2, "/mnt/a.1", 10 << 20, jobA);

        // superblock, 59 GDT blocks, 16 block and 16 inode bitmaps, 16 inode tables of 512 blocks
        assertThat(block(first, 0)).isEqualTo(1 + 59 + 32 + 16 * 512);
        assertThat(block(second, 0)).isEqualTo(block(first, 0) + 2560);
        assertThat(first.extentCount()).isOne();
        assertThat(first.ino).isEqualTo(12);
        assertThat(second.ino).isEqualTo(13);
        assertThat(first.inodeBlock).isEqualTo(1 + 59 + 32 + (12 - 1) / 16);
    }

    @Test
    void anotherTasksFileStartsOnTheNextBlockGroup() {
        Ext4Layout fs = layout(ONE_TB_SECTORS, 0);
        fs.createFile(1, "/mnt/a.0", 200L << 20, jobA);
        Inode other = fs.createFile(2, "/mnt/b.0", 1 << 20, jobB);

        assertThat(block(other, 0)).isEqualTo(2L * 32768);
    }

    @Test
    void aFileNeverOverlapsTheJournal() {
        Ext4Layout fs = layout(1L << 21, 0);
        Inode big = fs.createFile(1, "/mnt/big", 600L << 20, jobA);

        assertThat(big.extentCount()).isEqualTo(2);
        long journalEnd = fs.journalStart() + fs.journalBlocks();
        assertThat(block(big, (long) big.contiguousPages(0) * 4096)).isEqualTo(journalEnd);
        assertThat(block(big, (long) big.contiguousPages(0) * 4096 - 4096)).isEqualTo(fs.journalStart() - 1);
    }

    @Test
    void aFileCrossingIntoTheNextFlexGroupSkipsItsBitmapsAndInodeTables() {
        Ext4Layout fs = layout(ONE_TB_SECTORS, 0);
        Inode big = fs.createFile(1, "/mnt/big", 3L << 30, jobA);

        assertThat(big.extentCount()).isEqualTo(2);
        long firstExtentEnd = (long) big.contiguousPages(0) * 4096;
        assertThat(block(big, firstExtentEnd - 4096)).isEqualTo(16L * 32768 - 1);
        assertThat(block(big, firstExtentEnd)).isEqualTo(16L * 32768 + 32 + 16 * 512);
    }

    @Test
    void fragmentationCutsAFileIntoExtentsWithGaps() {
        Ext4Layout fs = layout(ONE_TB_SECTORS, 100);
        Inode file = fs.createFile(1, "/mnt/f", 8L << 20, jobA);

        assertThat(file.extentCount()).isEqualTo(8);
        for (int mb = 1; mb < 8; mb++) {
            long gap = block(file, (long) mb << 20) - block(file, ((long) mb << 20) - 4096) - 1;
            assertThat(gap).isBetween(256L, 16 * 256L);
        }
    }

    @Test
    void metadataBlocksOfAnAllocationAreTheGroupsBitmapAndDescriptorBlock() {
        Ext4Layout fs = layout(ONE_TB_SECTORS, 0);

        assertThat(fs.blockBitmapOf(5)).isEqualTo(1 + 59);
        assertThat(fs.blockBitmapOf(17L * 32768)).isEqualTo(16L * 32768 + 1);
        assertThat(Ext4Layout.descriptorBlockOf(5)).isEqualTo(1);
        assertThat(Ext4Layout.descriptorBlockOf(200L * 32768)).isEqualTo(2);
    }

    @Test
    void aFileThatDoesNotFitOrATinyDeviceIsAUserError() {
        Ext4Layout fs = layout(1L << 21, 0);
        assertThatThrownBy(() -> fs.createFile(1, "/mnt/huge", 2L << 30, jobA))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("/mnt/huge: a file of 2147483648 bytes does not fit on device d");
        assertThatThrownBy(() -> layout(8192, 0).createFile(1, "/mnt/x", 4096, jobA))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("too small for a file system");
        assertThat(layout(8192, 0).hasFileSystem()).isFalse();
    }
}
