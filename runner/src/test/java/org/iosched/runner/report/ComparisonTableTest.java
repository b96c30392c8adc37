package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

class ComparisonTableTest {
    /** A 4 KiB random reader that read {@code ios} blocks in 10 s with the given clat figures. */
    private static SimulationResult reader(String scheduler, long ios, long maxClat, double meanClat, long p99) {
        DirectionStats read = new DirectionStats(ios * 4096, ios, 10_000_000_000L, Results.none(),
                Results.latency(ios, 100_000, maxClat, meanClat, 1_000,
                        Results.percentiles(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, p99), Results.bins()),
                Results.none());
        JobResult job = new JobResult(Results.descriptor(0, "reader", 0, false, "rw=randread", Map.of()), 1, 0,
                10_000_000_000L, read, Results.idle(), Results.idle(), Results.none());
        return new SimulationResult(scheduler, "hdd", 1, Map.of(), 10_000_000_000L, List.of(job), Results.DISK,
                List.of(), Map.of());
    }

    private static ComparisonTable table() {
        SimulationResult cfq = reader("cfq", 25_600, 48_551_000, 2_939_250.4, 13_434_880);
        SimulationResult deadline = reader("deadline", 30_720, 900_123_456, 1_500_000, 12_000_001);
        return new ComparisonTable("scheduler", ComparisonColumns.standard(cfq),
                List.of(new ComparisonTable.Row("cfq", cfq), new ComparisonTable.Row("deadline", deadline)));
    }

    @Test
    void standardColumnsAreBandwidthIopsMeanMaxAndP99ClatPerJobAndDirection() {
        assertThat(ComparisonColumns.standard(reader("cfq", 1, 1, 1, 1))).extracting(ComparisonTable.Column::label)
                .containsExactly("reader read bw (KiB/s)", "reader read iops", "reader read mean clat (usec)",
                        "reader read max clat (usec)", "reader read p99 clat (usec)");
    }

    @Test
    void textTableAlignsLabelsLeftAndMetricsRightUnderADashedRule() {
        assertThat(table().render(ComparisonTable.Format.TEXT)).isEqualTo(
                "scheduler  reader read bw (KiB/s)  reader read iops  reader read mean clat (usec)"
                        + "  reader read max clat (usec)  reader read p99 clat (usec)\n"
                + "---------  ----------------------  ----------------  ----------------------------"
                        + "  ---------------------------  ---------------------------\n"
                + "cfq                         10240              2560                       2939.25"
                        + "                        48551                        13435\n"
                + "deadline                    12288              3072                       1500.00"
                        + "                       900123                        12001\n");
    }

    @Test
    void transposedTextTableHasOneRowPerMetricAndOneColumnPerConfiguration() {
        assertThat(table().renderTransposed(ComparisonTable.Format.TEXT)).isEqualTo(
                "scheduler                         cfq  deadline\n"
                + "----------------------------  -------  --------\n"
                + "reader read bw (KiB/s)          10240     12288\n"
                + "reader read iops                 2560      3072\n"
                + "reader read mean clat (usec)  2939.25   1500.00\n"
                + "reader read max clat (usec)     48551    900123\n"
                + "reader read p99 clat (usec)     13435     12001\n");
    }

    @Test
    void markdownTableRightAlignsTheMetricColumns() {
        assertThat(table().render(ComparisonTable.Format.MARKDOWN)).startsWith(
                "| scheduler | reader read bw (KiB/s) | reader read iops | reader read mean clat (usec) |"
                        + " reader read max clat (usec) | reader read p99 clat (usec) |\n"
                + "|---|---:|---:|---:|---:|---:|\n"
                + "| cfq | 10240 | 2560 | 2939.25 | 48551 | 13435 |\n");
    }

    @Test
    void csvHasTheHeaderFirstAndQuotesFieldsThatNeedIt() {
        ComparisonTable table = new ComparisonTable("configuration",
                List.of(new ComparisonTable.Column("note, quoted \"here\"", result -> result.scheduler())),
                List.of(new ComparisonTable.Row("cfq, slice_idle=0", reader("cfq", 1, 1, 1, 1))));

        assertThat(table.render(ComparisonTable.Format.CSV)).isEqualTo(
                "configuration,\"note, quoted \"\"here\"\"\"\n\"cfq, slice_idle=0\",cfq\n");
    }

    @Test
    void aResultWithoutTheJobOrDirectionShowsADash() {
        SimulationResult cfq = reader("cfq", 100, 1, 1, 1);
        ComparisonTable table = new ComparisonTable("scheduler",
                List.of(ComparisonColumns.bandwidthKib("reader", Direction.WRITE),
                        ComparisonColumns.iops("nobody", Direction.READ),
                        ComparisonColumns.clatPercentileMicros("reader", Direction.READ, 99.9)),
                List.of(new ComparisonTable.Row("cfq", cfq)));

        assertThat(table.render(ComparisonTable.Format.CSV)).endsWith("\ncfq,-,-,-\n");
        assertThat(table.render(ComparisonTable.Format.CSV)).startsWith(
                "scheduler,reader write bw (KiB/s),nobody read iops,reader read p99.9 clat (usec)\n");
    }

    @Test
    void markdownEscapesPipesInCells() {
        ComparisonTable table = new ComparisonTable("a|b", List.of(),
                List.of(new ComparisonTable.Row("x|y", reader("cfq", 1, 1, 1, 1))));

        assertThat(table.render(ComparisonTable.Format.MARKDOWN)).isEqualTo("| a\\|b |\n|---|\n| x\\|y |\n");
    }

    @Test
    void rowsWithComputedCellsNeedNoSimulationAndMixWithRowsThatHaveOne() {
        SimulationResult cfq = reader("cfq", 25_600, 48_551_000, 2_939_250.4, 13_434_880);
        ComparisonTable table = new ComparisonTable("scheduler",
                List.of(ComparisonColumns.iops("reader", Direction.READ), new ComparisonTable.Column("note")),
                List.of(new ComparisonTable.Row("cfq", cfq),
                        new ComparisonTable.Row("deadline (3 seeds)", List.of("3072 (3001-3110)", "mean (min-max)"))));

        assertThat(table.render(ComparisonTable.Format.TEXT)).isEqualTo(
                "scheduler           reader read iops            note\n"
                + "------------------  ----------------  --------------\n"
                + "cfq                             2560               -\n"
                + "deadline (3 seeds)  3072 (3001-3110)  mean (min-max)\n");
        assertThat(table.renderTransposed(ComparisonTable.Format.CSV)).isEqualTo(
                "scheduler,cfq,deadline (3 seeds)\nreader read iops,2560,3072 (3001-3110)\nnote,-,mean (min-max)\n");
    }

    @Test
    void aRowNeedsItsSimulationOrItsCellsAndOneCellPerColumn() {
        assertThatThrownBy(() -> new ComparisonTable.Row("x", null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("neither");
        assertThatThrownBy(() -> new ComparisonTable.Row("x", reader("cfq", 1, 1, 1, 1), List.of("1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both");
        assertThatThrownBy(() -> new ComparisonTable("scheduler", List.of(new ComparisonTable.Column("a")),
                List.of(new ComparisonTable.Row("x", List.of("1", "2")))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("row 'x' has 2 cells for 1 columns");
    }

    @Test
    void formatsAreNamedAsOnTheCommandLine() {
        assertThat(ComparisonTable.Format.fromCliName("markdown")).isEqualTo(ComparisonTable.Format.MARKDOWN);
        assertThatThrownBy(() -> ComparisonTable.Format.fromCliName("html"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("accepted: text, markdown, csv");
    }
}
