/**
 * Kyber of Linux 6.6 ({@code block/kyber-iosched.c}) as an {@link org.iosched.api.MqScheduler} plugin.
 *
 * <ul>
 *   <li>{@link org.iosched.scheduler.kyber.KyberScheduler}: {@code struct kyber_queue_data} and
 *       {@code kyber_hctx_data}, the scheduling domains, per-CPU lists, dispatch and the latency timer
 *       ({@code kyber_timer_fn}).</li>
 *   <li>{@code DomainTokens}: a domain's token sbitmap with its wait queues; {@code LatencyHistograms}: the per-CPU
 *       and summed latency buckets.</li>
 *   <li>{@link org.iosched.scheduler.kyber.KyberTunables} ({@code read_lat_nsec}, {@code write_lat_nsec});
 *       {@link org.iosched.scheduler.kyber.KyberSchedulerProvider} registers it as {@code kyber}.</li>
 * </ul>
 */
package org.iosched.scheduler.kyber;
