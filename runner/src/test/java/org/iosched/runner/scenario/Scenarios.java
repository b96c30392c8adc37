package org.iosched.runner.scenario;

import com.google.inject.Guice;
import java.util.List;
import org.iosched.runner.RunService;
import org.iosched.runner.plugin.PluginDiscovery;
import org.iosched.runner.plugin.PluginModule;

/** Fixtures of the scenario tests: the discovered plugins and small direct-I/O scenarios that run fast. */
final class Scenarios {
    /** The file name scenarios parsed from text carry. */
    static final String FILE = "test.yaml";

    /**
     * A scenario head without metrics: 8 lines, the job text's first line ({@code [global]}) on line 7.
     * Two direct-I/O jobs on the SSD: a sequential reader and two random-reader clones.
     */
    static final String HEAD = """
            name: small
            title: readers on an SSD
            device: ssd
            scheduler: cfq
            workload:
              fio: |
                [global]
                direct=1
                ioengine=psync
                bs=4k
                size=1m
                [seq]
                rw=read
                [rand]
                rw=randread
                numjobs=2
            """;

    private Scenarios() {
    }

    /** A run service over the plugins on the class path (cfq, deadline, noop, the device presets, fio, replay). */
    static RunService service() {
        return Guice.createInjector(new PluginModule(PluginDiscovery.discover(null, Scenarios.class.getClassLoader())))
                .getInstance(RunService.class);
    }

    /** Parse {@code yaml} as {@link #FILE}. */
    static Scenario parse(String yaml) {
        return ScenarioParser.parse(FILE, yaml, null);
    }

    /** Parse, plan with the scenario's seeds and no {@code --set}, and run serially. */
    static ScenarioResult run(String yaml) {
        RunService service = service();
        ScenarioPlan plan = new ScenarioPlanner(service).plan(parse(yaml), List.of(), List.of());
        return new ScenarioRunner(service).run(plan, 1);
    }
}
