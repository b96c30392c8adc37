package org.iosched.runner.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.LatencyStats;

/**
 * The JSON {@code read}/{@code write}/{@code trim}/{@code mixed} and {@code sync} objects (stat.c
 * add_ddir_status_json), with percentiles for the latencies the block's options ask for.
 */
final class JsonDirection {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private JsonDirection() {
    }

    /**
     * One direction: {@code stats} are its statistics, the sources its bandwidth and IOPS samples, and
     * {@code shareOf} the direction whose group aggregate {@code bw_agg} is a share of.
     */
    static ObjectNode of(ReportBlock block, DirectionStats stats, List<DirectionStats> bandwidthSources,
            List<DirectionStats> iopsSources, GroupRunStats group, Direction shareOf, FioJsonReport.Format format) {
        ReportOptions options = block.options();
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
        node.set("slat_ns", latency(stats.slat(), options.slatPercentiles(), options, format));
        node.set("clat_ns", latency(stats.clat(), options.clatPercentiles(), options, format));
        node.set("lat_ns", latency(stats.lat(), options.latPercentiles(), options, format));
        if (stats.priosWithSamples() >= 2) {
            // fio 3.33: per-priority clat (cmdprio), only with two or more priorities that have samples
            com.fasterxml.jackson.databind.node.ArrayNode prios = node.putArray("prios");
            for (org.iosched.simulator.result.PrioLatency p : stats.clatPrio()) {
                if (p.clat().count() == 0) {
                    continue;
                }
                ObjectNode prio = prios.addObject();
                prio.put("prioclass", p.ioprioClass());
                prio.put("prio", p.level());
                prio.set(options.latPercentiles() ? "lat_ns" : "clat_ns", latency(p.clat(),
                        options.clatPercentiles() || options.latPercentiles(), options, format));
            }
        }
        SampleStats bw = SampleStats.summedBandwidth(bandwidthSources);
        node.put("bw_min", bw.min());
        node.put("bw_max", bw.max());
        double share = bw.samples() == 0 ? 0.0 : group.percentOfAggregate(shareOf, bw.mean());
        node.put("bw_agg", FioJsonReport.decimal(share));
        node.put("bw_mean", FioJsonReport.decimal(bw.mean()));
        node.put("bw_dev", FioJsonReport.decimal(bw.dev()));
        node.put("bw_samples", bw.samples());
        SampleStats iops = SampleStats.summedIops(iopsSources);
        node.put("iops_min", iops.min());
        node.put("iops_max", iops.max());
        node.put("iops_mean", FioJsonReport.decimal(iops.mean()));
        node.put("iops_stddev", FioJsonReport.decimal(iops.dev()));
        node.put("iops_samples", iops.samples());
        return node;
    }

    /**
     * {@code "sync" : {total_ios, lat_ns}}: fsync calls and their latencies, with percentiles when clat or
     * lat percentiles are on.
     */
    static ObjectNode sync(ReportBlock block, FioJsonReport.Format format) {
        ReportOptions options = block.options();
        LatencyStats sync = block.job().result().sync();
        ObjectNode node = NODES.objectNode();
        node.put("total_ios", block.syncIos());
        node.set("lat_ns", latency(sync, options.clatPercentiles() || options.latPercentiles(), options, format));
        return node;
    }

    /** {@code {min, max, mean, stddev, N[, percentile][, bins]}} (stat.c add_ddir_lat_json). */
    private static ObjectNode latency(LatencyStats stats, boolean percentiles, ReportOptions options,
            FioJsonReport.Format format) {
        boolean any = stats.count() > 0;
        ObjectNode node = NODES.objectNode();
        node.put("min", any ? stats.minNanos() : 0);
        node.put("max", any ? stats.maxNanos() : 0);
        node.put("mean", FioJsonReport.decimal(any ? stats.meanNanos() : 0.0));
        node.put("stddev", FioJsonReport.decimal(any ? stats.stdevNanos() : 0.0));
        node.put("N", stats.count());
        if (!percentiles || !any) {
            return node;
        }
        FioPercentiles.Table table = FioPercentiles.modern(stats, options);
        if (table.isEmpty()) {
            return node;
        }
        ObjectNode percentile = node.putObject("percentile");
        for (int i = 0; i < table.percentiles().size(); i++) {
            percentile.put(CFormat.fixed6(table.percentiles().get(i)), table.values().get(i));
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
