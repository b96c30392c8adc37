package org.iosched.simulator.result;

import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.PluginProvider;

/**
 * The kernel a run models ({@code kernel.version}): its block layer and its defaults. A scheduler's kind says its
 * block layer: an {@link IoSchedulerProvider} runs on 2.6.32-3.0's single-queue layer, an
 * {@link MqSchedulerProvider} on Linux 6.6's blk-mq.
 */
public enum KernelVersion {
    /** Linux 2.6.32-3.0: the single-queue block layer ({@code org.iosched.simulator.block}). */
    V3_0("3.0", "2.6.32-3.0 single-queue block layer"),
    /** Linux 6.6: blk-mq ({@code org.iosched.simulator.blkmq}). */
    V6_6("6.6", "6.6 blk-mq");

    private final String value;
    private final String description;

    KernelVersion(String value, String description) {
        this.value = value;
        this.description = description;
    }

    /** The {@code kernel.version} value ({@code 3.0}). */
    public String value() {
        return value;
    }

    /** What report headers say: {@code Linux 6.6 blk-mq}. */
    public String label() {
        return "Linux " + description;
    }

    /** The value's version, or null. */
    public static KernelVersion of(String value) {
        for (KernelVersion v : values()) {
            if (v.value.equals(value)) {
                return v;
            }
        }
        return null;
    }

    /** The era a scheduler provider runs in, or null when it is neither kind. */
    public static KernelVersion ofScheduler(PluginProvider provider) {
        if (provider instanceof MqSchedulerProvider) {
            return V6_6;
        }
        if (provider instanceof IoSchedulerProvider) {
            return V3_0;
        }
        return null;
    }
}
