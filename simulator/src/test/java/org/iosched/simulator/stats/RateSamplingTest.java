package org.iosched.simulator.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.RateSamples;
import org.iosched.simulator.result.RateSeries;
import org.junit.jupiter.api.Test;

/** fio's bw/iops samples per bwavgtime/iopsavgtime window (stat.c add_bw_samples), in virtual time. */
class RateSamplingTest {
    private static final long MS = 1_000_000L;

    private long now;

    private JobStatistics statistics(Map<String, String> options) {
        JobStatistics stats = new JobStatistics(List.of(new JobDescriptor(0, "a", 0, false, "", options, List.of())));
        stats.setClock(() -> now);
        return stats;
    }

    /** {@code count} reads of 4 KiB spread evenly over [fromMs, toMs), none on a window boundary. */
    private void reads(JobStatistics stats, long fromMs, long toMs, int count) {
        long span = (toMs - fromMs) * MS;
        for (int i = 0; i < count; i++) {
            now = fromMs * MS + span * i / count + span / count / 2;
            stats.recordIo(0, FileIo.Kind.READ, 4096, -1, 100_000);
        }
    }

    @Test
    void aSteadyJobHasOneSamplePerWholeWindowAndNoneForTheWindowItEndsIn() {
        JobStatistics stats = statistics(Map.of());
        stats.started(0, 0);
        reads(stats, 0, 2500, 2500);
        stats.finished(0, 2500 * MS);

        DirectionStats read = stats.results(2500 * MS).get(0).read();
        // 500 I/Os of 4 KiB per 500 ms: 500 * 4096 * 1000 / 500 / 1024 = 4000 KiB/s, 1000 IOPS; the fifth window
        // ends with the job, which fio's helper finds gone (a 3 s time_based fio job has 5 samples, not 6)
        assertThat(read.bwSamples().count()).isEqualTo(4);
        assertThat(read.bwSamples().min()).isEqualTo(4000);
        assertThat(read.bwSamples().max()).isEqualTo(4000);
        assertThat(read.bwSamples().stdev()).isZero();
        assertThat(read.iopsSamples().count()).isEqualTo(4);
        assertThat(read.iopsSamples().mean()).isEqualTo(1000.0);
        RateSeries series = read.bwSamples().series();
        assertThat(series.size()).isEqualTo(4);
        assertThat(series.millis(0)).isEqualTo(500);
        assertThat(series.millis(3)).isEqualTo(2000);
    }

    @Test
    void unevenWindowsGiveFiosMinMaxMeanAndSampleStdevAndAnIdleWindowGivesNoSample() {
        JobStatistics stats = statistics(Map.of());
        stats.started(0, 100 * MS);
        reads(stats, 100, 600, 100);
        reads(stats, 600, 1100, 250);
        // [1100, 1600) idle
        reads(stats, 1600, 2100, 51);
        now = 2200 * MS;
        stats.finished(0, now);

        RateSamples bw = stats.results(now).get(0).read().bwSamples();
        // 100, 250 and 51 I/Os of 4 KiB in 500 ms: 800, 2000 and 408 KiB/s
        assertThat(bw.count()).isEqualTo(3);
        assertThat(bw.min()).isEqualTo(408);
        assertThat(bw.max()).isEqualTo(2000);
        double mean = (800 + 2000 + 408) / 3.0;
        double variance = (Math.pow(800 - mean, 2) + Math.pow(2000 - mean, 2) + Math.pow(408 - mean, 2)) / 2;
        assertThat(bw.mean()).isCloseTo(mean, within(1e-9));
        assertThat(bw.stdev()).isCloseTo(Math.sqrt(variance), within(1e-9));
        RateSamples iops = stats.results(now).get(0).read().iopsSamples();
        assertThat(iops.min()).isEqualTo(102);
        assertThat(iops.max()).isEqualTo(500);
        assertThat(bw.series().millis(2)).isEqualTo(2000);
    }

    @Test
    void bwavgtimeAndIopsavgtimeSetTheWindows() {
        JobStatistics stats = statistics(Map.of("bwavgtime", "250", "iopsavgtime", "1000"));
        stats.started(0, 0);
        reads(stats, 0, 1500, 1500);
        stats.finished(0, 1500 * MS);

        DirectionStats read = stats.results(1500 * MS).get(0).read();
        // fio 3.33 on the same shape (rate-limited null engine, 1.5 s): samples=5 and samples=1
        assertThat(read.bwSamples().count()).isEqualTo(5);
        assertThat(read.bwSamples().mean()).isEqualTo(4000.0);
        assertThat(read.iopsSamples().count()).isEqualTo(1);
        assertThat(read.iopsSamples().mean()).isEqualTo(1000.0);
    }

    @Test
    void aPerIoLogTakesASamplePerIoAndDisableBwDropsTheBandwidthOnes() {
        JobStatistics stats = statistics(Map.of("write_bw_log", "x", "write_iops_log", "x"));
        stats.started(0, 0);
        reads(stats, 0, 100, 10);
        stats.finished(0, 100 * MS);
        DirectionStats read = stats.results(100 * MS).get(0).read();
        assertThat(read.bwSamples().count()).isEqualTo(10);
        assertThat(read.bwSamples().min()).isEqualTo(4096L * 1_000_000 / 100_000);
        assertThat(read.iopsSamples().count()).isEqualTo(10);
        assertThat(read.iopsSamples().max()).isEqualTo(1);

        JobStatistics disabled = statistics(Map.of("write_bw_log", "x", "disable_bw", "1"));
        disabled.started(0, 0);
        reads(disabled, 0, 100, 10);
        assertThat(disabled.results(100 * MS).get(0).read().bwSamples().count()).isZero();
    }

    @Test
    void aLongRunKeepsABoundedSeries() {
        JobStatistics stats = statistics(Map.of("bwavgtime", "1"));
        stats.started(0, 0);
        reads(stats, 0, 20_000, 40_000);
        stats.finished(0, 20_000 * MS);

        RateSamples bw = stats.results(20_000 * MS).get(0).read().bwSamples();
        assertThat(bw.count()).isEqualTo(19_999);
        assertThat(bw.series().size()).isBetween(RateSeries.MAX_POINTS / 2, RateSeries.MAX_POINTS);
        assertThat(bw.series().value(0)).isEqualTo(2 * 4096 * 1000 / 1 / 1024);
    }

    @Test
    void aWindowBelowOneMillisecondIsRefusedNamingTheJobAndOption() {
        assertThatThrownBy(() -> statistics(Map.of("bwavgtime", "0")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("job a: bwavgtime=0: accepted: a window of 1 ms or more");
    }
}
