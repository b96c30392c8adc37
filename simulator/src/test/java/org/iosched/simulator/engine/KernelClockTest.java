package org.iosched.simulator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KernelClockTest {
    @Test
    void jiffiesCountTicksSinceTimeZero() {
        KernelClock hz250 = new KernelClock(250);
        assertThat(hz250.jiffies(0)).isZero();
        assertThat(hz250.jiffies(3_999_999)).isZero();
        assertThat(hz250.jiffies(4_000_000)).isEqualTo(1);
        assertThat(hz250.jiffies(86_400_000_000_000L)).isEqualTo(86_400L * 250);
    }

    @Test
    void msecsToJiffiesRoundsUpAsTheKernelDoes() {
        assertThat(new KernelClock(250).msecsToJiffies(3)).isEqualTo(1);
        assertThat(new KernelClock(1000).msecsToJiffies(3)).isEqualTo(3);
        assertThat(new KernelClock(100).msecsToJiffies(3)).isEqualTo(1);
        assertThat(new KernelClock(300).msecsToJiffies(20)).isEqualTo(6);
    }

    @Test
    void aTimerArmedMidTickExpiresAtATickBoundary() {
        KernelClock hz250 = new KernelClock(250);
        // at 1 ms we are in jiffy 0; jiffies + 1 starts at 4 ms
        assertThat(hz250.expiry(1_000_000, 1)).isEqualTo(4_000_000);
        KernelClock hz1000 = new KernelClock(1000);
        assertThat(hz1000.expiry(1_500_000, 3)).isEqualTo(4_000_000);
    }

    @Test
    void tickStartsOfHz300AreRoundedUpToWholeNanoseconds() {
        KernelClock hz300 = new KernelClock(300);
        assertThat(hz300.jiffyStart(1)).isEqualTo(3_333_334);
        assertThat(hz300.jiffies(hz300.jiffyStart(1))).isEqualTo(1);
        assertThat(hz300.jiffies(hz300.jiffyStart(1) - 1)).isZero();
        assertThat(hz300.jiffyStart(300)).isEqualTo(1_000_000_000L);
    }
}
