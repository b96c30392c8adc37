package org.iosched.api;

import java.util.Map;

/**
 * Creates a {@link BioController}. A controller is configured by the {@code --set} keys under its name
 * ({@code ioband.policy=weight}, {@code throttle.grp1.read_bps_device=1048576}) and is on in a run when
 * any of them is set. Keys name cgroups, so they cannot all be declared up front: {@link #tunables()}
 * lists the fixed ones and templates (documented in their descriptions), and {@link #create} validates the
 * rest. Register with {@code @AutoService(BioControllerProvider.class)}.
 */
public interface BioControllerProvider extends PluginProvider {
    /**
     * Stacking order when several controllers are on: lower runs first (closer to the OS model).
     * dm-ioband, a device-mapper target above the queue, comes before throttling, which acts in
     * {@code generic_make_request} of the queue below.
     */
    default int order() {
        return 100;
    }

    /**
     * The kernel versions ({@code kernel.version} values: {@code 3.0}, {@code 6.6}) this controller exists in; a run
     * of another era with its keys set is an error naming them. The default, {@code 3.0}, is what every controller
     * written before the 6.6 stack meant.
     */
    default java.util.List<String> kernelVersions() {
        return java.util.List.of("3.0");
    }

    /**
     * @param context  the bio layer's services
     * @param settings the keys under this provider's name, without the prefix ({@code policy},
     *                 {@code grp1.read_bps_device})
     * @throws InvalidInputException on an unknown key or a bad value, listing what is accepted
     */
    BioController create(BioControllerContext context, Map<String, String> settings);
}
