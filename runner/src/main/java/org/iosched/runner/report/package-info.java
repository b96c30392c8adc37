/**
 * fio's output formats for a simulation's results, as fio's stat.c prints them: normal text as fio 3.x and as
 * fio 1.5x (2011) printed it ({@link org.iosched.runner.report.FioNormalReport}), JSON and {@code json+}
 * ({@link org.iosched.runner.report.FioJsonReport}), terse ({@link org.iosched.runner.report.FioTerseReport}),
 * with fio's output options ({@link org.iosched.runner.report.FioOutputOptions}); and comparison tables across
 * simulations ({@link org.iosched.runner.report.ComparisonTable}). Numbers are shortened with fio's
 * {@code num2str} ({@link org.iosched.workload.fio.Num2Str}) and printed with C's {@code printf} rounding.
 *
 * <p>The lowest layer of the runner with {@code trace}: it uses no other runner package. Internal: the text
 * sections ({@code ModernText}, {@code Legacy2011Text}, {@code LatencyText}, {@code CpuText}, {@code TaskText}),
 * fio's arithmetic and percentiles ({@code FioMath}, {@code FioPercentiles}, {@code LatencyDistribution},
 * {@code SampleStats}), group statistics ({@code GroupRunStats}, {@code LegacyGroup}), the per-job output options
 * ({@code ReportOptions}, {@code ReportBlock}, {@code OptionNotices}), {@code CFormat} and the JSON layout
 * ({@code FioJsonPrettyPrinter}, {@code FioOptionList}, {@code JsonDirection}).
 */
package org.iosched.runner.report;
