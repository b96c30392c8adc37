package org.iosched.runner.report;

import java.util.Collections;
import java.util.TreeMap;
import org.iosched.simulator.DirectionStats;
import org.iosched.simulator.JobResult;
import org.iosched.simulator.LatencyStats;

/**
 * fio's data directions ({@code enum fio_ddir}: DDIR_READ, DDIR_WRITE, DDIR_TRIM) as the reports name them,
 * with null-safe access to a job's statistics for each.
 */
public enum Direction {
    /** Reads. */
    READ("read", "   READ"),
    /** Writes. */
    WRITE("write", "  WRITE"),
    /** Trims (discards). */
    TRIM("trim", "   TRIM");

    /** A direction without I/O, used where a result leaves one out. */
    static final LatencyStats NO_LATENCY = new LatencyStats(0, 0, 0, 0, 0,
            Collections.unmodifiableSortedMap(new TreeMap<>()), Collections.unmodifiableSortedMap(new TreeMap<>()));
    static final DirectionStats NO_IO = new DirectionStats(0, 0, 0, NO_LATENCY, NO_LATENCY, NO_LATENCY);

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

    /** This direction's statistics of {@code job}, never null. */
    public DirectionStats of(JobResult job) {
        DirectionStats stats = switch (this) {
            case READ -> job.read();
            case WRITE -> job.write();
            case TRIM -> job.trim();
        };
        return stats == null ? NO_IO : stats;
    }

    /** {@code latency}, or an empty one when the result left it out. */
    static LatencyStats orEmpty(LatencyStats latency) {
        return latency == null ? NO_LATENCY : latency;
    }
}
