/**
 * BFQ as Linux 6.6 has it ({@code block/bfq-iosched.c}, {@code bfq-wf2q.c}, {@code bfq-cgroup.c},
 * {@code bfq-iosched.h}), a blk-mq scheduler registered as {@code bfq}.
 *
 * <p>Public: {@link org.iosched.scheduler.bfq.BfqSchedulerProvider} (name, tunables, CPU cost),
 * {@link org.iosched.scheduler.bfq.BfqScheduler} (the {@code elevator_mq_ops} hooks) and
 * {@link org.iosched.scheduler.bfq.BfqTunables}. Everything else is internal, one class per section of the
 * kernel's files, sharing the state of {@code struct bfq_data}:
 * <table>
 *   <caption>Kernel sections and their classes</caption>
 *   <tr><th>kernel</th><th>class</th></tr>
 *   <tr><td>{@code struct bfq_data}, {@code bfq_init_queue}, {@code bfq_schedule_dispatch},
 *       {@code bfq_log*}</td><td>{@code BfqData}</td></tr>
 *   <tr><td>{@code struct bfq_queue}, {@code bfq_io_cq}, {@code bfq_entity}, {@code bfq_sched_data},
 *       {@code bfq_group}, {@code bfq_service_tree}; constants</td><td>{@code BfqQueue}, {@code BfqIoContext},
 *       {@code BfqEntity}, {@code SchedData}, {@code BfqGroup}, {@code ServiceTree}, {@code QueueLists},
 *       {@code BfqRequest}; {@code Bfq}</td></tr>
 *   <tr><td>the hooks ({@code bfq_insert_requests}, {@code bfq_dispatch_request}, {@code bfq_has_work},
 *       {@code bfq_prepare_request}, {@code bfq_finish_request}, ...)</td><td>{@code BfqScheduler}</td></tr>
 *   <tr><td>depth limiting: {@code bfq_limit_depth}, {@code bfqq_request_over_limit},
 *       {@code bfq_update_depths}</td><td>{@code BfqDepths}</td></tr>
 *   <tr><td>queue selection and dispatch: {@code __bfq_dispatch_request}, {@code bfq_select_queue},
 *       {@code bfq_set_in_service_queue}, {@code bfq_dispatch_rq_from_bfqq}</td><td>{@code BfqDispatch}</td></tr>
 *   <tr><td>queues and io contexts: {@code bfq_init_rq}, {@code bfq_get_queue}, {@code bfq_init_bfqq},
 *       {@code bfq_set_next_ioprio_data}, {@code bfq_get_bfqq_handle_split}, {@code bfq_put_queue},
 *       {@code bfq_release_process_ref}, {@code bfq_put_cooperator}, {@code bfq_exit_icq}</td>
 *       <td>{@code BfqQueues}</td></tr>
 *   <tr><td>queue merging: {@code bfq_do_or_sched_stable_merge}, {@code bfq_setup_cooperator} (stable and
 *       early merge), {@code bfq_setup_merge}, {@code bfq_pos_tree_add_move}, {@code bfq_merge_bfqqs},
 *       {@code bfq_bfqq_save_state}, {@code bfq_bfqq_resume_state}, {@code bfq_split_bfqq}</td>
 *       <td>{@code BfqQueueMerge}</td></tr>
 *   <tr><td>requests: {@code bfq_insert_request}, {@code bfq_add_request}, {@code bfq_rq_enqueued},
 *       {@code bfq_choose_req}, {@code bfq_find_next_rq}, {@code bfq_remove_request}, {@code bfq_bio_merge},
 *       {@code bfq_allow_bio_merge}, {@code bfq_request_merged}, {@code bfq_requests_merged},
 *       {@code bfq_completed_request}, {@code bfq_finish_requeue_request}</td><td>{@code BfqRequests}</td></tr>
 *   <tr><td>budgets and expiry: {@code bfq_serv_to_charge}, {@code bfq_updated_next_req},
 *       {@code bfq_bfqq_update_budg_for_activation}, {@code bfq_set_budget_timeout},
 *       {@code bfq_may_expire_for_budg_timeout}, {@code bfq_bfqq_is_slow}, {@code bfq_bfqq_expire},
 *       {@code __bfq_bfqq_recalc_budget}</td><td>{@code BfqBudgets}</td></tr>
 *   <tr><td>weight raising and bursts: {@code bfq_bfqq_handle_idle_busy_switch},
 *       {@code bfq_update_bfqq_wr_on_rq_arrival}, {@code bfq_update_wr_data}, {@code bfq_bfqq_end_wr},
 *       {@code bfq_wr_duration}, {@code bfq_bfqq_softrt_next_start}, {@code bfq_handle_burst}</td>
 *       <td>{@code BfqWeightRaising}</td></tr>
 *   <tr><td>idling: think time, short think time, seek time, I/O intensity, {@code bfq_weights_tree_add},
 *       {@code bfq_asymmetric_scenario}, {@code bfq_better_to_idle}, {@code bfq_arm_slice_timer},
 *       {@code bfq_idle_slice_timer}</td><td>{@code BfqIdling}</td></tr>
 *   <tr><td>waker detection and injection: {@code bfq_check_waker}, {@code bfq_choose_bfqq_for_injection},
 *       {@code bfq_update_inject_limit}, {@code bfq_reset_inject_limit}</td><td>{@code BfqInjection}</td></tr>
 *   <tr><td>peak rate and hw-tag detection: {@code bfq_update_peak_rate}, {@code bfq_update_rate_reset},
 *       {@code update_thr_responsiveness_params}, {@code bfq_update_hw_tag}</td><td>{@code BfqPeakRate}</td></tr>
 *   <tr><td>{@code bfq-wf2q.c}: B-WF2Q+ on the service trees, {@code bfq_bfqq_served},
 *       {@code bfq_bfqq_charge_time}, {@code bfq_add_bfqq_busy}, {@code bfq_del_bfqq_busy},
 *       {@code bfq_requeue_bfqq}, {@code next_queue_may_preempt}</td><td>{@code Wf2q}</td></tr>
 *   <tr><td>{@code bfq-cgroup.c}: {@code bfq_bio_bfqg}, {@code bfq_find_set_group}</td>
 *       <td>{@code BfqGroups}</td></tr>
 * </table>
 *
 * <p>The order of every operation, timer and trace message is the kernel's: the components call each other
 * where the kernel's functions do, with no queue or callback between them.
 */
package org.iosched.scheduler.bfq;
