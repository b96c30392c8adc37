package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/** fio's output options as the reports read them from a job's written options (options.c, parse.c). */
class ReportOptionsTest {
    private static ReportOptions of(Map<String, String> options) {
        return ReportOptions.of(Results.descriptor(0, "job1", 0, false, "rw=read", options));
    }

    @Test
    void aJobWithoutOutputOptionsGetsFiosDefaults() {
        assertThat(of(Map.of("rw", "read", "bs", "4k"))).isEqualTo(ReportOptions.DEFAULTS);
    }

    @Test
    void percentileListIsSortedEndsAtItsFirstZeroAndPrintsAsManyDecimalsAsTheLongestWritten() {
        ReportOptions.PercentileList list = of(Map.of("percentile_list", "99.900:50:1.5:0:99.99999")).percentileList();

        assertThat(list.percentiles()).containsExactly(1.5, 50.0, 99.9);
        // fio counts the digits after a '.' in the rest of the list, past the 0 too, trailing zeros included.
        assertThat(list.precision()).isEqualTo(5);
        assertThat(of(Map.of("percentile_list", "50:99")).percentileList().precision()).isZero();
    }

    @Test
    void percentileListValuesOutsideZeroToAHundredOrMoreThanTwentyAreFiosErrors() {
        assertThatThrownBy(() -> of(Map.of("percentile_list", "50:100.5")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job 'job1': fio: failed parsing percentile_list=50:100.5: value out of range:"
                        + " 100.500000 (range max: 100.000000)");
        assertThatThrownBy(() -> of(Map.of("percentile_list", "50:p99")))
                .hasMessageContaining("not a floating point value: p99");
        assertThatThrownBy(() -> of(Map.of("percentile_list", "1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16:17:18:19:20:21")))
                .hasMessageContaining("the list exceeding max length 20");
    }

    @Test
    void aDisabledLatencyHasNoPercentilesAsFixupOptionsSays() {
        ReportOptions options = of(Map.of("disable_clat", "1", "lat_percentiles", "1", "disable_lat", "1",
                "slat_percentiles", "1"));

        assertThat(options.clatPercentiles()).isFalse();
        assertThat(options.latPercentiles()).isFalse();
        assertThat(options.slatPercentiles()).isTrue();
    }

    @Test
    void gtodReduceDisablesTheLatenciesAndBandwidthUnlessAnOptionBesideItSaysOtherwise() {
        ReportOptions reduced = of(Map.of("gtod_reduce", "1"));
        assertThat(List.of(reduced.disableLat(), reduced.disableClat(), reduced.disableSlat(), reduced.disableBw(),
                reduced.clatPercentiles(), reduced.gtodReduce())).containsExactly(true, true, true, true, false, true);

        ReportOptions clatKept = of(Map.of("gtod_reduce", "1", "disable_clat", "0", "clat_percentiles", "1"));
        assertThat(clatKept.disableClat()).isFalse();
        assertThat(clatKept.clatPercentiles()).isTrue();
    }

    @Test
    void disableBwIsTheAliasOfDisableBwMeasurement() {
        assertThat(of(Map.of("disable_bw", "1")).disableBw()).isTrue();
        assertThat(of(Map.of("disable_bw", "1")).written()).containsEntry("disable_bw_measurement", "1");
    }

    @Test
    void bandwidthSamplesStopOnlyWhenDisabledWhileLoggedPerIo() {
        assertThat(of(Map.of("disable_bw_measurement", "1")).noBandwidthSamples()).isFalse();
        assertThat(of(Map.of("disable_bw_measurement", "1", "write_bw_log", "bw")).noBandwidthSamples()).isTrue();
        assertThat(of(Map.of("disable_bw_measurement", "1", "write_bw_log", "bw", "log_avg_msec", "500"))
                .noBandwidthSamples()).isFalse();
        assertThat(of(Map.of("write_iops_log", "io", "disable_clat", "1", "disable_slat", "1",
                "disable_bw_measurement", "1")).noIopsSamples()).isTrue();
        assertThat(of(Map.of("write_iops_log", "io", "disable_clat", "1")).noIopsSamples()).isFalse();
    }

    @Test
    void unifiedRwReportingTakesItsNamesAndTheFormerBooleanValues() {
        assertThat(of(Map.of("unified_rw_reporting", "1")).unified()).isEqualTo(ReportOptions.Unified.MIXED);
        assertThat(of(Map.of("unified_rw_reporting", "2")).unified()).isEqualTo(ReportOptions.Unified.BOTH);
        assertThat(of(Map.of("unified_rw_reporting", "none")).unified()).isEqualTo(ReportOptions.Unified.NONE);
        assertThatThrownBy(() -> of(Map.of("unified_rw_reporting", "split")))
                .hasMessageEndingWith("accepted: none, mixed, both, 0, 1, 2");
    }

    @Test
    void rangesAndChoicesAreCheckedWithFiosMessages() {
        assertThatThrownBy(() -> of(Map.of("significant_figures", "11")))
                .hasMessageEndingWith("significant_figures=11: max value out of range: 11 (10 max)");
        assertThatThrownBy(() -> of(Map.of("significant_figures", "0")))
                .hasMessageEndingWith("min value out of range: 0 (1 min)");
        assertThatThrownBy(() -> of(Map.of("clat_percentiles", "2")))
                .hasMessageContaining("max value out of range: 2 (1 max)");
        assertThatThrownBy(() -> of(Map.of("kb_base", "1000k"))).hasMessageEndingWith("accepted: 1024, 1000");
        assertThatThrownBy(() -> of(Map.of("unit_base", "2"))).hasMessageEndingWith("accepted: 0, 8, 1");
        assertThat(of(Map.of("unit_base", "1")).bits()).isTrue();
        assertThat(of(Map.of("unit_base", "8")).bits()).isFalse();
    }

    @Test
    void theCheckBeforeARunSaysWhatTheReportsWouldSay() {
        assertThatThrownBy(() -> FioOutputOptions.check(Results.descriptor(0, "w", 0, false, "rw=write",
                Map.of("lat_percentiles", "yes")))).isInstanceOf(InvalidInputException.class)
                .hasMessage("job 'w': fio: failed parsing lat_percentiles=yes: not an integer");
    }

    @Test
    void aBlockTakesItsFirstJobsDescriptionAndUnitsAndItsLastJobsPercentiles() {
        ReportOptions first = of(Map.of("description", "first", "kb_base", "1000", "clat_percentiles", "0"));
        ReportOptions last = of(Map.of("description", "last", "percentile_list", "50"));

        ReportOptions block = ReportOptions.forBlock(List.of(first, last));

        assertThat(block.description()).isEqualTo("first");
        assertThat(block.kbBase()).isEqualTo(1000);
        assertThat(block.clatPercentiles()).isTrue();
        assertThat(block.percentileList().percentiles()).containsExactly(50.0);
    }
}
