package org.iosched.runner.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.iosched.simulator.DirectionStats;
import org.iosched.simulator.JobResult;
import org.iosched.simulator.LatencyStats;

/** The JSON {@code read}/{@code write}/{@code trim} and {@code sync} objects (stat.c add_ddir_status_json). */
final class JsonDirection {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private JsonDirection() {
    }

    static ObjectNode of(ReportedJob job, Direction direction, GroupRunStats group, FioJsonReport.Format format) {
        DirectionStats stats = direction.of(job.result());
        long bwBytes = FioMath.bandwidthBytes(stats);
        ObjectNode node = NODES.objectNode();
        node.put("io_bytes", stats.ioBytes());
        node.put("io_kbytes", stats.ioBytes() >> 10);
        node.put("bw_bytes", bwBytes);
        node.put("bw", bwBytes / 1024);
        node.put("iops", FioJsonReport.decimal(FioMath.iops(stats)));
        node.put("runtime", FioMath.runtimeMillis(stats));
        node.put("total_ios", stats.totalIos());
        node.put("short_ios", 0);
        node.put("drop_ios", 0);
        // fio's defaults: percentiles for clat only (clat_percentiles=1, lat_percentiles=0, slat_percentiles=0).
        node.set("slat_ns", latency(stats.slat(), false, format));
        node.set("clat_ns", latency(stats.clat(), true, format));
        node.set("lat_ns", latency(stats.lat(), false, format));
        SampleStats bw = SampleStats.summedBandwidth(job.jobs(), direction);
        node.put("bw_min", bw.min());
        node.put("bw_max", bw.max());
        double share = bw.samples() == 0 ? 0.0 : group.percentOfAggregate(direction, bw.mean());
        node.put("bw_agg", FioJsonReport.decimal(share));
        node.put("bw_mean", FioJsonReport.decimal(bw.mean()));
        node.put("bw_dev", FioJsonReport.decimal(bw.dev()));
        node.put("bw_samples", bw.samples());
        SampleStats iops = SampleStats.summedIops(job.jobs(), direction);
        node.put("iops_min", iops.min());
        node.put("iops_max", iops.max());
        node.put("iops_mean", FioJsonReport.decimal(iops.mean()));
        node.put("iops_stddev", FioJsonReport.decimal(iops.dev()));
        node.put("iops_samples", iops.samples());
        return node;
    }

    /** {@code "sync" : {total_ios, lat_ns}}: fsync latencies, with percentiles as clat has them. */
    static ObjectNode sync(JobResult result, FioJsonReport.Format format) {
        LatencyStats sync = result.sync();
        ObjectNode node = NODES.objectNode();
        node.put("total_ios", sync.count());
        node.set("lat_ns", latency(sync, true, format));
        return node;
    }

    /** {@code {min, max, mean, stddev, N[, percentile][, bins]}} (stat.c add_ddir_lat_json). */
    private static ObjectNode latency(LatencyStats stats, boolean percentiles, FioJsonReport.Format format) {
        boolean any = stats.count() > 0;
        ObjectNode node = NODES.objectNode();
        node.put("min", any ? stats.minNanos() : 0);
        node.put("max", any ? stats.maxNanos() : 0);
        node.put("mean", FioJsonReport.decimal(any ? stats.meanNanos() : 0.0));
        node.put("stddev", FioJsonReport.decimal(any ? stats.stdevNanos() : 0.0));
        node.put("N", stats.count());
        if (!percentiles || !any || stats.percentiles().isEmpty()) {
            return node;
        }
        ObjectNode table = node.putObject("percentile");
        for (Map.Entry<Double, Long> entry : stats.percentiles().entrySet()) {
            table.put(CFormat.fixed6(entry.getKey()), entry.getValue());
        }
        if (format == FioJsonReport.Format.JSON_PLUS) {
            ObjectNode bins = node.putObject("bins");
            for (Map.Entry<Long, Long> bin : stats.bins().entrySet()) {
                if (bin.getValue() != 0) {
                    bins.put(Long.toString(bin.getKey()), bin.getValue());
                }
            }
        }
        return node;
    }
}
