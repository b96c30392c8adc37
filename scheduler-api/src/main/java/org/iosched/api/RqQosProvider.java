package org.iosched.api;

import java.util.Map;

/**
 * Creates an {@link RqQosPolicy} for a Linux 6.6 request queue. Like a {@link BioControllerProvider}, a policy is
 * configured by the {@code --set} keys under its name ({@code iolatency.grp1.target=10000},
 * {@code iocost.qos.rpct=95}) and is on in a run when any of them is set; the keys name cgroups, so
 * {@link #tunables()} lists the fixed ones and templates and {@link #create} validates the rest. A policy exists only
 * in the 6.6 era (a run of the 3.0 stack with its keys set is an error). Register with
 * {@code @AutoService(RqQosProvider.class)}.
 */
public interface RqQosProvider extends PluginProvider {
    /**
     * The chain's order, lower first ({@code rq_qos_add} pushes at the head, so the kernel's chain is the reverse of
     * the order policies were enabled in): blk-wbt, which the queue owns, is 0; {@code io.latency} 100;
     * {@code io.cost} 200.
     */
    default int order() {
        return 100;
    }

    /**
     * @param context  the queue's services
     * @param settings the keys under this provider's name, without the prefix ({@code grp1.target})
     * @throws InvalidInputException on an unknown key or a bad value, listing what is accepted
     */
    RqQosPolicy create(RqQosContext context, Map<String, String> settings);

    /**
     * {@code wbt_disable_default}: whether the policy, configured by {@code settings}, turns blk-wbt off while it is
     * on by default (a {@code wbt_lat_usec} the user wrote keeps it on). io.cost does once enabled; the default,
     * false, leaves blk-wbt as it is.
     *
     * @param settings the keys under this provider's name, as {@link #create} gets them
     */
    default boolean disablesDefaultWbt(Map<String, String> settings) {
        return false;
    }
}
