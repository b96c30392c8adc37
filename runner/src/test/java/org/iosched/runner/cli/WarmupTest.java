package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import java.util.List;
import org.iosched.runner.RunService;
import org.iosched.runner.plugin.PluginModule;
import org.junit.jupiter.api.Test;

class WarmupTest {
    @Test
    void theMainThreadsInjectorIsMadeAfterTheWarmUpsGuiceStepAndWorksTheSame() {
        Warmup.start();
        Warmup.awaitInjector();
        assertThat(Warmup.injectorStepDone()).isTrue();
        RunService service = Guice.createInjector(new PluginModule(List.of())).getInstance(RunService.class);
        assertThat(service.schedulers()).isEmpty();
        // a second wait returns at once: the step is over
        Warmup.awaitInjector();
    }
}
