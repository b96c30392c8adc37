package org.iosched.it;

import java.util.ArrayDeque;
import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.testkit.MqSchedulerContract;
import org.junit.jupiter.api.Test;

/**
 * The blk-mq plugin example of docs/plugins.md, which {@link ReadmeExamplesTest} finds here line for line: a FIFO
 * scheduler for Linux 6.6's block layer keeps the contract every {@link MqScheduler} must keep. (The page registers
 * the provider with {@code @AutoService} and makes it public, in a file of its own.)
 */
class MqPluginExampleTest {
    @Test
    void fifoKeepsTheMqSchedulerContract() {
        MqSchedulerContract.verify(new FifoMqSchedulerProvider());
    }
}

final class FifoMqSchedulerProvider implements MqSchedulerProvider {
    @Override
    public String name() {
        return "fifo-mq-example";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of();
    }

    @Override
    public MqScheduler create(MqSchedulerContext context, Settings settings) {
        return new FifoMqScheduler();
    }
}

/** One FIFO for the whole device, served to whichever hardware queue runs. */
final class FifoMqScheduler implements MqScheduler {
    private final ArrayDeque<Request> fifo = new ArrayDeque<>();

    @Override
    public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
        for (Request rq : requests) {
            if ((flags & INSERT_AT_HEAD) != 0) {
                fifo.addFirst(rq);
            } else {
                fifo.addLast(rq);
            }
        }
    }

    @Override
    public Request dispatchRequest(HardwareQueue hctx) {
        return fifo.pollFirst();
    }

    @Override
    public boolean hasWork(HardwareQueue hctx) {
        return !fifo.isEmpty();
    }

    @Override
    public void requestsMerged(Request rq, Request next) {
        fifo.remove(next);
    }
}
