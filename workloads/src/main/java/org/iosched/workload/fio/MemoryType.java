package org.iosched.workload.fio;

/** fio's {@code mem}/{@code iomem} types ({@code enum fio_memtype}) that iosched models. */
enum MemoryType {
    /** {@code malloc} (fio's default). */
    MALLOC("malloc", false),
    /** {@code shm}: a System V shared memory segment. */
    SHM("shm", false),
    /** {@code shmhuge}: shared memory backed by huge pages. */
    SHMHUGE("shmhuge", true),
    /** {@code mmap}: anonymous memory, or a file after {@code :}. */
    MMAP("mmap", false),
    /** {@code mmaphuge}: a file on hugetlbfs. */
    MMAPHUGE("mmaphuge", true),
    /** {@code mmapshared}: a shared anonymous mapping. */
    MMAPSHARED("mmapshared", false);

    private final String fioName;
    private final boolean huge;

    MemoryType(String fioName, boolean huge) {
        this.fioName = fioName;
        this.huge = huge;
    }

    /** Whether the buffers are made of huge pages ({@code hugepage-size} each). */
    boolean huge() {
        return huge;
    }

    /** The type named {@code name} (before any {@code :file}), or null. */
    static MemoryType parse(String name) {
        for (MemoryType t : values()) {
            if (t.fioName.equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** The names accepted, for errors. */
    static String accepted() {
        return "malloc, shm, shmhuge, mmap, mmaphuge, mmapshared";
    }
}
