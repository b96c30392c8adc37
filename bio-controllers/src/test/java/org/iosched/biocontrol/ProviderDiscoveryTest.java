package org.iosched.biocontrol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.iosched.api.BioControllerProvider;
import org.junit.jupiter.api.Test;

/** The controllers are found the way a third party's would be: ServiceLoader over @AutoService entries. */
class ProviderDiscoveryTest {
    @Test
    void serviceLoaderFindsIobandThrottleAndIomaxInStackingOrderEachOfItsKernel() {
        List<BioControllerProvider> providers = new ArrayList<>();
        ServiceLoader.load(BioControllerProvider.class).forEach(providers::add);
        providers.sort(java.util.Comparator.comparingInt(BioControllerProvider::order)
                .thenComparing(BioControllerProvider::name));

        assertThat(providers).extracting(BioControllerProvider::name).containsExactly("ioband", "iomax", "throttle");
        assertThat(providers).extracting(p -> p.kernelVersions().toString())
                .containsExactly("[3.0]", "[6.6]", "[3.0]");
    }
}
