package org.iosched.biocontrol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.iosched.api.BioControllerProvider;
import org.junit.jupiter.api.Test;

/** Both controllers are found the way a third party's would be: ServiceLoader over @AutoService entries. */
class ProviderDiscoveryTest {
    @Test
    void serviceLoaderFindsIobandAndThrottleInStackingOrder() {
        List<BioControllerProvider> providers = new ArrayList<>();
        ServiceLoader.load(BioControllerProvider.class).forEach(providers::add);
        providers.sort((a, b) -> Integer.compare(a.order(), b.order()));

        assertThat(providers).extracting(BioControllerProvider::name).containsExactly("ioband", "throttle");
    }
}
