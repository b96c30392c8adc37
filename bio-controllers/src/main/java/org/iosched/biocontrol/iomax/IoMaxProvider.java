package org.iosched.biocontrol.iomax;

import com.google.auto.service.AutoService;
import java.util.List;
import java.util.Map;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@code iomax}: cgroup v2's {@code io.max}, blk-throttle of Linux 6.6 ({@link IoMaxController}), on when any
 * {@code iomax.*} key is set; a 6.6-era controller.
 */
@AutoService(BioControllerProvider.class)
public final class IoMaxProvider implements BioControllerProvider {
    @Override
    public String name() {
        return IoMaxConfig.NAME;
    }

    @Override
    public String description() {
        return "cgroup v2 io.max (blk-throttle, Linux 6.6): hierarchical per-cgroup rbps/wbps/riops/wiops limits";
    }

    @Override
    public int order() {
        return 20;
    }

    @Override
    public List<String> kernelVersions() {
        return List.of("6.6");
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(
                rule("rbps", "bytes/s", "read bytes per second"),
                rule("wbps", "bytes/s", "write bytes per second"),
                rule("riops", "IO/s", "read IOs per second"),
                rule("wiops", "IO/s", "write IOs per second"));
    }

    private static TunableDescriptor rule(String name, String unit, String what) {
        return TunableDescriptor.text("cgroup." + name, "max",
                "template: iomax.<cgroup>." + name + "=N|max limits " + what + " (" + unit + ") of cgroup /<cgroup>"
                        + " (its io.max line; path without the leading '/'; not on the root); a list V,V@MS,... writes"
                        + " the limit again MS milliseconds into the run");
    }

    @Override
    public BioController create(BioControllerContext context, Map<String, String> settings) {
        return new IoMaxController(context, IoMaxConfig.parse(settings));
    }
}
