/**
 * {@code io.cost} of cgroup v2: blk-iocost of Linux 6.6 ({@code block/blk-iocost.c}), a request-QoS policy that
 * charges each bio its cost in device virtual time and makes cgroups wait for their weighted share.
 *
 * <p>One class per section of blk-iocost.c:
 * <ul>
 *   <li>{@link org.iosched.biocontrol.iocost.IocostPolicy}: the rq-qos hooks ({@code ioc_rqos_throttle},
 *       {@code ioc_rqos_merge}, {@code ioc_rqos_done_bio}, {@code ioc_rqos_done}) and the statistics;</li>
 *   <li>{@code Ioc}: {@code struct ioc} (parameters, the vtime clock, the period's state, the iocgs) and
 *       {@code ioc_now};</li>
 *   <li>{@code CostModel}: {@code autop[]}, {@code ioc_autop_idx}, {@code ioc_refresh_params}, {@code calc_lcoefs},
 *       {@code calc_vtime_cost_builtin};</li>
 *   <li>{@code Iocg}: {@code struct ioc_gq}, {@code iocg_activate}, {@code iocg_commit_bio};</li>
 *   <li>{@code Hweights}: {@code __propagate_weights}, {@code current_hweight}, {@code current_hweight_max};</li>
 *   <li>{@code DebtAndDelay}: {@code iocg_incur_debt}, {@code iocg_pay_debt}, {@code iocg_kick_delay},
 *       {@code iocg_kick_waitq};</li>
 *   <li>{@code Donation}: {@code adjust_inuse_and_calc_cost}, {@code hweight_after_donation},
 *       {@code transfer_surpluses};</li>
 *   <li>{@code PeriodTimer}: {@code ioc_timer_fn}, {@code ioc_check_iocgs}, {@code ioc_forgive_debts},
 *       {@code ioc_adjust_base_vrate}, {@code ioc_refresh_vrate}.</li>
 * </ul>
 *
 * <p>Public: the provider ({@code iocost}), the policy and its configuration ({@code io.cost.qos},
 * {@code io.cost.model}, {@code io.weight}). Everything else is internal to the package.
 */
package org.iosched.biocontrol.iocost;
