/**
 * The SSD model: a serial controller, channels and dies with per-operation flash latencies, a host link, a
 * volatile write buffer, FLUSH, and an optional page-mapped FTL with greedy garbage collection.
 * Sources: {@code shared/reference/devices-os.md} §2 and §5 D–E.
 */
package org.iosched.device.ssd;
