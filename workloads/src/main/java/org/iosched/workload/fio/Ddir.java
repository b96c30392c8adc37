package org.iosched.workload.fio;

import org.iosched.api.FileIo;

/** fio's data directions ({@code enum fio_ddir}): the index into every per-direction array of a job. */
enum Ddir {
    /** {@code DDIR_READ}. */
    READ(FileIo.Kind.READ),
    /** {@code DDIR_WRITE}. */
    WRITE(FileIo.Kind.WRITE),
    /** {@code DDIR_TRIM}. */
    TRIM(FileIo.Kind.TRIM);

    /** Number of data directions ({@code DDIR_RWDIR_CNT}). */
    static final int COUNT = 3;
    private static final Ddir[] VALUES = values();

    private final FileIo.Kind kind;

    Ddir(FileIo.Kind kind) {
        this.kind = kind;
    }

    /** The file operation of this direction. */
    FileIo.Kind kind() {
        return kind;
    }

    /** The direction with index {@code i} (0 read, 1 write, 2 trim). */
    static Ddir of(int i) {
        return VALUES[i];
    }
}
