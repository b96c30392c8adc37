package org.iosched.biocontrol.ioband;

import com.google.auto.service.AutoService;
import java.util.List;
import java.util.Map;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.Cgroup;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@code ioband}: dm-ioband v1.12-era ({@link IobandController}), on when {@code ioband.policy} is
 * set. It stacks first ({@link #order()} 10): a device-mapper target sees bios before the queue below.
 */
@AutoService(BioControllerProvider.class)
public final class IobandProvider implements BioControllerProvider {
    @Override
    public String name() {
        return IobandConfig.NAME;
    }

    @Override
    public String description() {
        return "dm-ioband (v1.12-era): per-cgroup bandwidth by weight with tokens, bios held and re-issued by kioband";
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(
                TunableDescriptor.choice(IobandConfig.POLICY, "weight", List.of("weight", "weight-iosize"),
                        "required to turn dm-ioband on: weight charges 1 token per bio, weight-iosize 1 per sector"),
                TunableDescriptor.integer(IobandConfig.IO_THROTTLE, IobandConfig.DEFAULT_IO_THROTTLE, "bios", 0,
                        IobandConfig.SHORT_MAX, "bios in flight above which a group with many tokens keeps the "
                                + "epoch from renewing; 0 = default 4"),
                TunableDescriptor.integer(IobandConfig.IO_LIMIT, 0, "bios", 0, IobandConfig.SHORT_MAX,
                        "bios in flight (and held) per direction before dm-ioband holds (and sleeps); "
                                + "0 = 3/2 of queue nr_requests"),
                TunableDescriptor.bool(IobandConfig.KEEP_IO_CONTEXT, false,
                        "1: held bios keep the issuer's io context instead of kioband's (I/O context inheritance)"),
                TunableDescriptor.choice(IobandConfig.WORKQUEUE, "cmwq", List.of("cmwq", "legacy"),
                        "kioband's workqueue: cmwq (2.6.36+, nice 0: BE/4) or legacy (before 2.6.36, worker threads"
                                + " at nice -5: CFQ sees re-issued bios at BE/3)"),
                TunableDescriptor.integer(IobandConfig.WEIGHT, Cgroup.DEFAULT_WEIGHT, "", 1, IobandConfig.SHORT_MAX,
                        "weight of the default group (root cgroup); unset = the root cgroup's blkio.weight"),
                TunableDescriptor.integer("cgroup." + IobandConfig.WEIGHT, Cgroup.DEFAULT_WEIGHT, "", 1,
                        IobandConfig.SHORT_MAX,
                        "template: ioband.<cgroup>.weight=N overrides the blkio.weight of cgroup /<cgroup> "
                                + "(path without the leading '/'), e.g. ioband.grp1.weight=200; unset = its blkio.weight"));
    }

    @Override
    public BioController create(BioControllerContext context, Map<String, String> settings) {
        return new IobandController(context, IobandConfig.parse(settings));
    }
}
