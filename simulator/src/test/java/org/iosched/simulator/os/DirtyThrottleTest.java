package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Linux 6.6's dirty throttling rules ({@code mm/page-writeback.c}) from given state; the expected figures are worked
 * out by hand from the kernel's integer arithmetic.
 */
class DirtyThrottleTest {
    /** 256 MiB, dirty_ratio 20, dirty_background_ratio 10, 4 CPUs, HZ 1000. */
    private static DirtyThrottle throttle() {
        return new DirtyThrottle(1000, 65_536, 20, 10, 4);
    }

    @Test
    void limitsAreTheRatiosIn4096thsOfDirtyableMemoryWithoutThe5PercentFloor() {
        DirtyThrottle t = throttle();
        // 819/4096 and 409/4096 of 65537 pages
        assertThat(t.thresh).isEqualTo(13_104);
        assertThat(t.bgThresh).isEqualTo(6_544);
        assertThat(DirtyThrottle.freerun(t.thresh, t.bgThresh)).isEqualTo(9_824);
        assertThat(t.limit()).isEqualTo(13_104);
        assertThat(t.setpoint()).isEqualTo(11_464);
        assertThat(t.ratelimitPages).isEqualTo(102);
        assertThat(t.statError).isEqualTo(96);
        // 2.6.32 raised a ratio below 5 to 5; 6.6 takes it as it is
        assertThat(new DirtyThrottle(1000, 65_536, 2, 1, 4).thresh).isEqualTo(1_296);
    }

    @Test
    void theGlobalControlLineIsTwoAtFreerunOneAtTheSetpointAndNearZeroAtTheLimit() {
        assertThat(DirtyThrottle.posRatioPolynom(11_464, 9_824, 13_104)).isEqualTo(2_045);
        assertThat(DirtyThrottle.posRatioPolynom(11_464, 11_464, 13_104)).isEqualTo(1_024);
        assertThat(DirtyThrottle.posRatioPolynom(11_464, 13_104, 13_104)).isEqualTo(2);
        assertThat(DirtyThrottle.posRatioPolynom(11_464, 20_000, 13_104)).isZero();
    }

    @Test
    void thePositionRatioFollowsTheDirtyPagesAndTheWbShare() {
        assertThat(DirtyThrottle.positionRatio(13_104, 6_544, 13_104, 11_464, 13_104, 11_464, 25_600))
                .isEqualTo(1_023);
        assertThat(DirtyThrottle.positionRatio(13_104, 6_544, 13_104, 12_500, 13_104, 12_500, 25_600))
                .isEqualTo(763);
        assertThat(DirtyThrottle.positionRatio(13_104, 6_544, 13_104, 10_000, 13_104, 10_000, 25_600))
                .isEqualTo(1_761);
        // a wb share of 0 (a fresh bdi, not modelled in runs): the wb line holds the ratio at a quarter
        assertThat(DirtyThrottle.positionRatio(13_104, 6_544, 13_104, 11_464, 0, 11_464, 25_600)).isEqualTo(256);
        assertThat(DirtyThrottle.positionRatio(13_104, 6_544, 13_104, 13_104, 13_104, 13_104, 25_600)).isZero();
    }

    @Test
    void theLongestPauseKeepsAnEighthOfASecondOfWritebackQueuedAndIsAtMost200Ms() {
        assertThat(DirtyThrottle.maxPause(11_464, 25_600, 1000)).isEqualTo(58);
        assertThat(DirtyThrottle.maxPause(11_464, 25_600, 250)).isEqualTo(15);
        assertThat(DirtyThrottle.maxPause(1_000_000, 25_600, 1000)).isEqualTo(200);
    }

    @Test
    void theShortestPauseAndTheNextCheckComeFromTheRateLimit() {
        long[] next = new long[1];
        // one fast dirtier: 10 ms target, 250 pages between checks, half the target as the shortest pause
        assertThat(DirtyThrottle.minPause(25_600, 25_600, 58, 25_600, 1000, next)).isEqualTo(6);
        assertThat(next[0]).isEqualTo(250);
        // a slow rate: fewer than DIRTY_POLL_THRESH pages in the target time, so the pause is max_pause
        assertThat(DirtyThrottle.minPause(25_600, 100, 58, 100, 1000, next)).isEqualTo(58);
        assertThat(next[0]).isEqualTo(5);
    }

    @Test
    void theFreerunPollIntervalIsTheSquareRootOfTheHeadroom() {
        assertThat(DirtyThrottle.pollInterval(0, 13_104)).isEqualTo(64);
        assertThat(DirtyThrottle.pollInterval(13_000, 13_104)).isEqualTo(8);
        assertThat(DirtyThrottle.pollInterval(14_000, 13_104)).isEqualTo(1);
    }

    @Test
    void theDirtyRatelimitStepsTowardTheBalancedRateWhenThePositionAgrees() {
        DirtyThrottle t = throttle();
        t.avgWriteBandwidth = 12_800;
        t.balancedDirtyRatelimit = 12_800;
        t.dirtied = 5_120;
        // 5120 pages dirtied in 200 ms: 25600 pages/s against a disk writing 12800, dirty pages above the setpoint
        t.updateDirtyRatelimit(12_500, 512, 200);
        assertThat(t.balancedDirtyRatelimit).isEqualTo(6_400);
        assertThat(t.dirtyRatelimit).isEqualTo(24_800);
        // a task rate on the other side of dirty_ratelimit than the balanced one: no step
        DirtyThrottle still = throttle();
        still.avgWriteBandwidth = 12_800;
        still.dirtied = 5_120;
        still.updateDirtyRatelimit(11_464, 1_024, 200);
        assertThat(still.dirtyRatelimit).isEqualTo(DirtyThrottle.INIT_BW);
        assertThat(still.balancedDirtyRatelimit).isEqualTo(12_800);
    }

    @Test
    void theWriteBandwidthIsAveragedOverThreeSecondsAndSmoothedAgain() {
        DirtyThrottle t = throttle();
        t.written = 2_560;
        t.updateBandwidth(200, false, 0, 0);
        assertThat(t.writeBandwidth).isEqualTo(24_975);
        assertThat(t.avgWriteBandwidth).isEqualTo(25_600);
        t.written += 2_560;
        t.updateBandwidth(400, false, 0, 0);
        assertThat(t.writeBandwidth).isEqualTo(24_380);
        assertThat(t.avgWriteBandwidth).isEqualTo(25_522);
        assertThat(t.bwTimeStamp).isEqualTo(400);
    }

    @Test
    void theDomainLimitFollowsTheThresholdUpAtOnceAndDownByA32nd() {
        DirtyThrottle t = throttle();
        t.dirtyLimit = 20_000;
        t.updateDirtyLimit(0);
        assertThat(t.dirtyLimit).isEqualTo(20_000 - ((20_000 - 13_104) >> 5));
        t.dirtyLimit = 100;
        t.updateDirtyLimit(0);
        assertThat(t.dirtyLimit).isEqualTo(13_104);
    }

    @Test
    void theWritebackChunkIsHalfASecondOfBandwidthCappedByAnEighthOfTheLimitRoundedTo4MiB() {
        DirtyThrottle t = throttle();
        assertThat(t.chunkSize(Long.MAX_VALUE)).isEqualTo(2_048);
        assertThat(t.chunkSize(100)).isEqualTo(1_024);
        t.avgWriteBandwidth = 1_000;
        t.dirtyLimit = 1 << 20;
        assertThat(t.chunkSize(Long.MAX_VALUE)).isEqualTo(1_024);
    }

    @Test
    void backgroundWritebackGoesOnAboveTheBackgroundThreshold() {
        DirtyThrottle t = throttle();
        assertThat(t.overBackgroundThresh(6_544)).isFalse();
        assertThat(t.overBackgroundThresh(6_545)).isTrue();
    }
}
