package org.iosched.runner.report;

import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;

/** fio's data directions ({@code enum fio_ddir}: DDIR_READ, DDIR_WRITE, DDIR_TRIM) as the reports name them. */
public enum Direction {
    /** Reads. */
    READ("read", "   READ"),
    /** Writes. */
    WRITE("write", "  WRITE"),
    /** Trims (discards). */
    TRIM("trim", "   TRIM");

    private final String fioName;
    private final String groupLabel;

    Direction(String fioName, String groupLabel) {
        this.fioName = fioName;
        this.groupLabel = groupLabel;
    }

    /** fio's {@code io_ddir_name()}: {@code read}, {@code write}, {@code trim}; also the JSON key. */
    public String fioName() {
        return fioName;
    }

    /** The right-aligned label of the "Run status group" lines ({@code "   READ"}). */
    String groupLabel() {
        return groupLabel;
    }

    /** This direction's statistics of {@code job}. */
    public DirectionStats of(JobResult job) {
        return switch (this) {
            case READ -> job.read();
            case WRITE -> job.write();
            case TRIM -> job.trim();
        };
    }
}
