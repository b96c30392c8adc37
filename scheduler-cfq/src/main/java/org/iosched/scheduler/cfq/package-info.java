/**
 * CFQ, Linux 3.0's {@code block/cfq-iosched.c}, split along the file's sections: {@link CfqScheduler} holds the
 * {@code elevator_ops} hooks and nothing else; {@link CfqData} is {@code struct cfq_data}; {@link CfqQueues} the
 * io contexts, groups and queues a request belongs to; {@link CfqRequests} a queue's sort tree and FIFO;
 * {@link CfqServiceTrees} the service, group and prio trees; {@link CfqSlices} the slice arithmetic;
 * {@link CfqSelection} {@code cfq_select_queue} and its choices; {@link CfqDispatch} the dispatch rules;
 * {@link CfqIdling} think time, seek history and the idle timer; {@link CfqPreemption} {@code cfq_should_preempt}.
 * The seed threads' patches and later kernels' rules are switches in {@link CfqTunables}, each off by default.
 *
 * <p>Public: {@link CfqScheduler} and {@link CfqSchedulerProvider} (registered with {@code @AutoService} as
 * {@code cfq}, declaring the tunables). Everything else is internal to the scheduler.
 */
package org.iosched.scheduler.cfq;
