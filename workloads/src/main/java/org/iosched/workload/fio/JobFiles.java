package org.iosched.workload.fio;

import java.util.random.RandomGenerator;
import org.iosched.api.FileHandle;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.WorkloadContext;
import org.iosched.workload.text.InputText;

/**
 * A job's files and how it walks them: the I/O regions as fio's {@code setup_files} sizes them (a
 * {@code /dev/} path is the whole device, {@code size} divided among the files, {@code offset} and
 * {@code offset_increment} per clone), the file service ({@code __get_next_file}) and filling a unit with
 * the next direction, offset and length ({@code get_io_u}); also the task the job runs as.
 */
final class JobFiles {
    /** Random streams by name and purpose. */
    @FunctionalInterface
    interface Streams {
        RandomGenerator random(String name, long purpose);
    }

    private final JobOptions o;
    private final FileState[] files;
    private final long limitBytes;
    private final BlockSizeGenerator blockSizes;
    private final RandomGenerator[] seqRandRandom = new RandomGenerator[Ddir.COUNT];
    private final RandomGenerator fileRandom;
    private int ddirSeqLeft = 1;
    private int nextFile;
    private int currentFile = -1;
    private int fileServiceLeft;
    private boolean passHadIo;
    /** Bytes done in the current zone of {@code zonemode=strided}, for the whole job ({@code zone_bytes}). */
    private long zoneBytes;

    private JobFiles(JobOptions o, FileState[] files, long limitBytes, String stream, Streams streams) {
        this.o = o;
        this.files = files;
        this.limitBytes = limitBytes;
        RandomGenerator[] bsRandom = new RandomGenerator[Ddir.COUNT];
        for (int d = 0; d < Ddir.COUNT; d++) {
            seqRandRandom[d] = streams.random(stream + "seqrand" + d, 10 + d);
            bsRandom[d] = streams.random(stream + "bs" + d, 20 + d);
        }
        this.blockSizes = new BlockSizeGenerator(o, bsRandom);
        this.fileRandom = streams.random(stream + "file", 2);
    }

    /** fio's {@code ioprio_set}, {@code nice}, {@code cgroup}: the task a job runs as. */
    static TaskSpec taskSpec(JobOptions o) {
        IoPrioClass cls = null;
        int level = -1;
        if (o.prio >= 0 || o.prioClass >= 0) {
            // fio's ioprio_value: no class set means best effort; the level defaults to 0
            cls = o.prioClass <= 0 ? IoPrioClass.BE : IoPrioClass.fromKernelValue(o.prioClass);
            level = Math.max(0, o.prio);
        }
        String cgroup = o.cgroup == null ? "/" : (o.cgroup.startsWith("/") ? o.cgroup : "/" + o.cgroup);
        return new TaskSpec("fio", cls, level, o.nice, cgroup, o.cgroup == null ? 0 : o.cgroupWeight);
    }

    /** Size the I/O regions as fio's {@code setup_files} does and open the files. */
    static JobFiles open(FioJobSpec spec, WorkloadContext ctx, Task task, Streams streams) {
        JobOptions o = spec.options();
        String stream = "fio/" + spec.index() + "/" + o.name + "/";
        long capacity = ctx.device().capacitySectors() << 9;
        int n = spec.files().size();
        FileState[] files = new FileState[n];
        RandomGenerator sizeRandom = streams.random(stream + "filesize", 3);
        RandomGenerator offsetRandom = streams.random(stream + "offset", 4);
        long total = 0;
        for (int i = 0; i < n; i++) {
            String path = spec.files().get(i);
            boolean raw = path.startsWith("/dev/");
            long realSize;
            long perFile;
            if (raw) {
                realSize = capacity;
                perFile = o.sizePercent >= 0 ? capacity * o.sizePercent / 100 / n
                        : o.size > 0 ? o.size / n : -1;
            } else if (o.fileSizeLow > 0) {
                long lo = o.fileSizeLow;
                long hi = o.fileSizeHigh;
                realSize = lo == hi ? lo : lo + sizeRandom.nextLong(hi - lo + 1);
                realSize = Math.max(o.minBlockSize(), realSize - realSize % o.minBlockSize());
                perFile = o.size > 0 ? Math.min(realSize, o.size / n) : -1;
            } else if (o.size > 0) {
                perFile = o.size / n;
                realSize = -1;
            } else {
                throw fail(spec, o.sizePercent >= 0 ? "size=" + o.sizePercent + "% needs a device or filesize= "
                        + "(the file does not exist before the run)" : "you need to specify size=");
            }
            long start = startOffset(spec, raw ? capacity : (realSize > 0 ? realSize : perFile));
            if (realSize < 0) {
                realSize = start + perFile;
            }
            if (start >= realSize) {
                throw fail(spec, "offset " + start + " is beyond the end of " + InputText.echo(path) + " (" + realSize + " bytes)");
            }
            long region = perFile < 0 ? realSize - start : perFile;
            if (start + region > realSize) {
                throw fail(spec, "offset + size (" + (start + region) + ") is beyond the end of " + InputText.echo(path) + " ("
                        + realSize + " bytes)");
            }
            FileHandle h = ctx.open(task, path, raw ? 0 : realSize);
            if (raw) {
                realSize = Math.min(realSize, h.size());
            }
            try {
                files[i] = new FileState(h, start, region, realSize, o, offsetRandom);
            } catch (ValueException e) {
                throw fail(spec, e.getMessage() + " (" + InputText.echo(path) + ")");
            }
            for (int d = 0; d < Ddir.COUNT; d++) {
                if (files[i].zonesExceedFile(d, o)) {
                    throw fail(spec, "fio: zoned_abs sizes exceed file size (" + o.distribution.describe() + " on "
                            + InputText.echo(path) + ", " + region + " bytes of I/O region)");
                }
            }
            total += region;
        }
        long perLoop;
        if (o.ioSize > 0) {
            perLoop = o.ioSize;
        } else if (o.ioSizePercent >= 0) {
            perLoop = total * o.ioSizePercent / 100;
        } else {
            perLoop = total;
        }
        return new JobFiles(o, files, perLoop * o.loops, stream, streams);
    }

    /** fio's {@code get_start_offset}: {@code offset} plus {@code subjob_number * offset_increment}. */
    private static long startOffset(FioJobSpec spec, long fileSize) {
        JobOptions o = spec.options();
        long align = o.blockAlign[0] > 0 ? o.minBlockSize() : 1;
        long increment = o.offsetIncrementPercent >= 0 ? fileSize * o.offsetIncrementPercent / 100 : o.offsetIncrement;
        long offset;
        if (o.offsetPercent >= 0) {
            offset = fileSize * o.offsetPercent / 100 + (long) spec.subjobNumber() * increment;
            offset -= offset % align;
        } else {
            offset = o.offset + (long) spec.subjobNumber() * increment;
        }
        return offset;
    }

    private static InvalidInputException fail(FioJobSpec spec, String detail) {
        return new InvalidInputException(spec.source(), spec.line(), InputText.echo(spec.name()) + ": " + detail);
    }

    /** Bytes the job moves: ({@code io_size} or {@code size} or the regions) times {@code loops}. */
    long limitBytes() {
        return limitBytes;
    }

    int count() {
        return files.length;
    }

    FileState file(int i) {
        return files[i];
    }

    /**
     * Every file is exhausted: start a new pass over the files if the job still has bytes to move
     * ({@code keep_running}) or runs time based; false when the job is done.
     */
    boolean newPass(long issued) {
        if (!passHadIo) {
            return false;
        }
        if (!o.timeBased && limitBytes - issued < o.maxBlockSize()) {
            return false;
        }
        passHadIo = false;
        for (FileState f : files) {
            f.reset();
        }
        return true;
    }

    /**
     * Pick the file and fill {@code u} with direction, offset and length for direction {@code d}
     * ({@code get_io_u}); false when every file is exhausted in this pass.
     */
    boolean fill(IoUnit u, int d, long now) {
        boolean newOffset = false;
        if (o.ddirSeqNr > 0 && --ddirSeqLeft == 0) {
            newOffset = true;
            ddirSeqLeft = o.ddirSeqNr;
        }
        while (true) {
            int fi = nextFile();
            if (fi < 0) {
                return false;
            }
            FileState f = files[fi];
            int dd = d;
            long offset;
            long length;
            if (o.rw.trimWrite() && d == 1 && f.lastPos[1] == f.lastPos[2]) {
                dd = 2;
            }
            if (o.rw.trimWrite() && dd == 1) {
                // trimwrite: write exactly what was just trimmed
                offset = f.lastStart[2];
                length = f.lastLength[2];
                if (offset < 0) {
                    dd = 2;
                }
            } else {
                offset = -1;
                length = 0;
            }
            if (offset < 0) {
                if (o.zoneRange > 0) {
                    zoneBytes = f.stride(dd, o, zoneBytes);
                }
                boolean doRandom = o.rw.random() && (o.percentageRandom[dd] == 100
                        || 1 + (int) (100 * seqRandRandom[dd].nextDouble()) <= o.percentageRandom[dd]);
                offset = f.nextOffset(dd, o, newOffset, doRandom, o.timeBased);
                if (offset >= 0) {
                    length = blockSizes.next(dd, f.randomPick, f, offset);
                }
                if (offset < 0 || length == 0 || offset + length > f.realSize) {
                    f.done = true;
                    continue;
                }
                length = f.markRandom(length);
            }
            f.issued(dd, offset, length);
            zoneBytes += length;
            passHadIo = true;
            u.ddir = dd;
            u.file = fi;
            u.offset = offset;
            u.length = length;
            u.prepTime = now;
            u.submitTime = -1;
            u.completeTime = -1;
            return true;
        }
    }

    /** fio's file service ({@code __get_next_file}); -1 when every file is done. */
    private int nextFile() {
        int n = files.length;
        if (currentFile >= 0 && !files[currentFile].done) {
            if (o.fileServiceType == FileServiceType.SEQUENTIAL) {
                return currentFile;
            }
            if (fileServiceLeft > 0) {
                fileServiceLeft--;
                return currentFile;
            }
        }
        int fi = -1;
        if (o.fileServiceType == FileServiceType.RANDOM) {
            int pick = fileRandom.nextInt(n);
            for (int k = 0; k < n && fi < 0; k++) {
                if (!files[(pick + k) % n].done) {
                    fi = (pick + k) % n;
                }
            }
        } else {
            for (int k = 0; k < n && fi < 0; k++) {
                int c = nextFile;
                if (++nextFile == n) {
                    nextFile = 0;
                }
                if (!files[c].done) {
                    fi = c;
                }
            }
        }
        if (fi < 0) {
            return -1;
        }
        currentFile = fi;
        fileServiceLeft = o.fileServiceNr - 1;
        return fi;
    }
}
