package org.iosched.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.iosched.simulator.RunMonitor;
import org.iosched.simulator.engine.HookWatch;
import org.junit.jupiter.api.Test;

class RunControlTest {
    @Test
    void aSignalStopsEveryRunAtItsNextPollAndIsSaidOnce() {
        StringWriter err = new StringWriter();
        RunControl control = new RunControl(null, null, new PrintWriter(err, true));
        RunMonitor a = control.monitor("cfq", List.of());
        RunMonitor b = control.monitor("deadline", List.of());
        a.started(new HookWatch());
        assertThat(a.poll(1, 0)).isFalse();

        control.interrupt(2);
        control.interrupt(15);

        assertThat(a.poll(2, 0)).isTrue();
        assertThat(b.poll(2, 0)).isTrue();
        assertThat(control.signal()).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("iosched: terminating on signal 2" + System.lineSeparator());
    }

    @Test
    void withoutControlNothingStops() {
        RunMonitor monitor = RunControl.none().monitor("noop", List.of());
        monitor.started(new HookWatch());
        assertThat(monitor.poll(1, 1)).isFalse();
        monitor.ended(new HookWatch());
    }
}
