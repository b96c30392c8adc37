/**
 * A scenario's plan as an Apache Spark job ({@link SweepJob}, the {@code spark-submit} entry point): the driver
 * plans as {@code iosched scenario} does, each (row, seed) is one task running one simulation on an executor,
 * and the tables that come back are the local runner's, byte for byte.
 *
 * <p>Public: {@link SweepJob}. Internal: {@code RunServices} (one plugin discovery per executor JVM),
 * {@code SweepTask} (what a task sends back) and {@code RunsTable} (one row per run for Spark SQL).
 */
package org.iosched.spark;
