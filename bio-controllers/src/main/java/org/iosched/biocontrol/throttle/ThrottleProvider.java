package org.iosched.biocontrol.throttle;

import com.google.auto.service.AutoService;
import java.util.List;
import java.util.Map;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@code throttle}: the blkio throttling policy of Linux 2.6.37 ({@link ThrottleController}), on
 * when any {@code throttle.*} key is set. It stacks below dm-ioband ({@link #order()} 20): it acts in
 * {@code generic_make_request} of the queue itself.
 */
@AutoService(BioControllerProvider.class)
public final class ThrottleProvider implements BioControllerProvider {
    @Override
    public String name() {
        return ThrottleConfig.NAME;
    }

    @Override
    public String description() {
        return "blkio throttling (2.6.37): per-cgroup read/write bytes/s and IO/s limits over 100 ms slices";
    }

    @Override
    public int order() {
        return 20;
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(
                TunableDescriptor.bool(ThrottleConfig.KEEP_IO_CONTEXT, false,
                        "1: throttled bios keep the issuer's io context (bio_associate_current, Linux 3.5+); "
                                + "0: they carry the dispatch worker's, as in 2.6.37"),
                rule("read_bps_device", "bytes/s", Long.MAX_VALUE, "read bytes per second"),
                rule("write_bps_device", "bytes/s", Long.MAX_VALUE, "write bytes per second"),
                rule("read_iops_device", "IO/s", ThrottleConfig.MAX_IOPS, "read IOs per second"),
                rule("write_iops_device", "IO/s", ThrottleConfig.MAX_IOPS, "write IOs per second"));
    }

    private static TunableDescriptor rule(String name, String unit, long max, String what) {
        return TunableDescriptor.integer("cgroup." + name, 0, unit, 0, max,
                "template: throttle.<cgroup>." + name + "=N limits " + what + " of cgroup /<cgroup> (path "
                        + "without the leading '/'; throttle." + name + " for the root cgroup); 0 = no limit");
    }

    @Override
    public BioController create(BioControllerContext context, Map<String, String> settings) {
        return new ThrottleController(context, ThrottleConfig.parse(settings));
    }
}
