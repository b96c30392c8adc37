package org.iosched.simulator.block;

import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.SimTimer;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The queue plug of 2.6.3x ({@code blk_plug_device}, {@code blk_remove_plug}): while plugged the driver
 * is not run, so that requests can gather and merge; the unplug timer fires {@code unplug_delay} = 3 ms
 * later, rounded up to whole jiffies and expiring on a tick ({@code mod_timer(jiffies + delay)}).
 */
final class Plug {
    private final EventQueue clock;
    private final KernelClock kernelClock;
    private final BlockTrace trace;
    private final RequestPool pool;
    private final long delayJiffies;
    private final SimTimer timer;
    private boolean plugged;

    Plug(EventQueue clock, KernelClock kernelClock, BlockTrace trace, RequestPool pool, long delayMillis,
         Runnable onTimer) {
        this.clock = clock;
        this.kernelClock = kernelClock;
        this.trace = trace;
        this.pool = pool;
        this.delayJiffies = kernelClock.msecsToJiffies(delayMillis);
        this.timer = clock.newTimer(null, onTimer);
    }

    boolean plugged() {
        return plugged;
    }

    void plug() {
        if (plugged) {
            return;
        }
        plugged = true;
        timer.arm(kernelClock.expiry(clock.now(), delayJiffies));
        trace.plug();
    }

    /**
     * Removes the plug.
     *
     * @param traced whether to trace U (explicit unplugs are traced; {@code __blk_run_queue} is not)
     * @return whether the queue was plugged
     */
    boolean remove(boolean traced) {
        if (!plugged) {
            return false;
        }
        plugged = false;
        timer.cancel();
        if (traced) {
            trace.unplug(false, allocated());
        }
        return true;
    }

    /** The payload of U/UT lines: requests allocated. */
    int allocated() {
        return pool.count(true) + pool.count(false);
    }
}
