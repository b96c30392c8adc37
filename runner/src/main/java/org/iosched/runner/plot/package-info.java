/**
 * Charts (JFreeChart, drawn off screen to PNG) and the HTML report: time-series charts of fio jobs' bandwidth, IOPS
 * and latency ({@link org.iosched.runner.plot.TimeSeriesCharts}, for {@code run --plot}), bar and per-row charts
 * of a scenario's results ({@link org.iosched.runner.plot.ScenarioCharts}), and a scenario's self-contained HTML
 * page with its table and charts ({@link org.iosched.runner.plot.ScenarioHtml}, {@code scenario --report}).
 *
 * <p>Above {@code scenario} and {@code report} (it draws their results), below {@code cli}. The same results give
 * the same bytes.
 */
package org.iosched.runner.plot;
