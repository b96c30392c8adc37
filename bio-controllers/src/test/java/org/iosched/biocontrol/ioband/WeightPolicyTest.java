package org.iosched.biocontrol.ioband;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Token and epoch accounting of the weight policies (dm-ioband-policy.c). */
class WeightPolicyTest {
    private static IobandGroup group(String path, int weight) {
        return new IobandGroup(path, weight);
    }

    private static WeightPolicy policyWith(IobandPolicy p, int ioLimit, IobandGroup... groups) {
        WeightPolicy policy = new WeightPolicy(p, ioLimit);
        for (IobandGroup g : groups) {
            policy.initGroup(g);
        }
        policy.setWeights(List.of(groups));
        return policy;
    }

    @Test
    void theBucketIsFourTimesIoLimitShiftedByTheTokenUnitAndCarryOverIsTheTokenPoolOverIt() {
        WeightPolicy weight = new WeightPolicy(IobandPolicy.WEIGHT, 192);
        WeightPolicy iosize = new WeightPolicy(IobandPolicy.WEIGHT_IOSIZE, 192);

        assertThat(weight.tokenBucket()).isEqualTo(768);
        assertThat(weight.carryover()).isEqualTo(2048 / 768);
        assertThat(iosize.tokenBucket()).isEqualTo(768 << 3);
        assertThat(iosize.carryover()).isEqualTo((2048 << 3) / (768 << 3));
        assertThat(new WeightPolicy(IobandPolicy.WEIGHT, 4096).carryover()).isEqualTo(1);
    }

    @Test
    void sharesOfTokensAndOfTheHoldLimitFollowTheWeights() {
        IobandGroup a = group("/", 500);
        IobandGroup b = group("/a", 1000);
        IobandGroup c = group("/b", 500);
        policyWith(IobandPolicy.WEIGHT, 192, a, b, c);

        assertThat(b.tokenInitial).isEqualTo(384);
        assertThat(a.tokenInitial).isEqualTo(192);
        assertThat(b.token).isEqualTo(384);
        // c_limit = io_limit * w / sum(w) / OVERCOMMIT_RATE
        assertThat(b.limit).isEqualTo(96 / 4);
        assertThat(c.limit).isEqualTo(48 / 4);
    }

    @Test
    void aTinyShareStillGetsOneTokenAndMayHoldOneBio() {
        IobandGroup big = group("/", 32767);
        IobandGroup tiny = group("/t", 1);
        policyWith(IobandPolicy.WEIGHT, 8, big, tiny);

        assertThat(tiny.tokenInitial).isEqualTo(1);
        assertThat(tiny.limit).isEqualTo(1);
    }

    @Test
    void aGroupYieldsAfterTwentyTokensWhileAnotherCouldBeServed() {
        IobandGroup g = group("/", 500);
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT, 192, g);
        for (int i = 1; i < 20; i++) {
            assertThat(policy.consume(g, 1)).as("token %d", i).isFalse();
        }
        assertThat(policy.consume(g, 1)).isTrue();
        // the batch starts again after a yield
        assertThat(policy.consume(g, 1)).isFalse();
    }

    @Test
    void weightIosizeYieldsAfterTwentyPagesOfSectors() {
        IobandGroup g = group("/", 500);
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT_IOSIZE, 192, g);

        assertThat(policy.consume(g, 152)).isFalse();
        assertThat(policy.consume(g, 8)).isTrue();
    }

    @Test
    void tokensMayGoNegativeAndAGroupInDebtCannotSubmitUntilANewEpoch() {
        IobandGroup g = group("/", 500);
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT_IOSIZE, 4, g);
        int initial = g.tokenInitial;
        policy.consume(g, initial + 100);

        assertThat(g.token).isEqualTo(-100);
        assertThat(policy.canSubmit(g)).isZero();
        assertThat(policy.restart(0, 4)).isTrue();
        assertThat(policy.canSubmit(g)).isPositive();
        assertThat(g.myEpoch).isEqualTo(1);
    }

    @Test
    void aGroupOutOfTokensClaimsItsShareForEveryPassedEpochUpToTheCarryOver() {
        IobandGroup busy = group("/", 500);
        IobandGroup idle = group("/i", 500);
        // io_limit 64: bucket 256, carry-over 2048 / 256 = 8 epochs
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT, 64, busy, idle);
        for (int i = 0; i < 3; i++) {
            policy.restart(0, 4);
        }
        assertThat(policy.effectiveTokens(idle)).isEqualTo(128 + 3 * 128);
        idle.token = 0;
        policy.canSubmit(idle);
        assertThat(idle.token).isGreaterThanOrEqualTo(3 * 128);
        assertThat(idle.myEpoch).isEqualTo(3);

        for (int i = 0; i < 20; i++) {
            policy.restart(0, 4);
        }
        assertThat(policy.effectiveTokens(busy)).isEqualTo(128 + 8 * 128);
    }

    @Test
    void leftoverTokensOfThePreviousEpochAreSharedInProportion() {
        IobandGroup a = group("/", 500);
        IobandGroup b = group("/b", 500);
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT, 64, a, b);
        // nobody claimed this epoch's 256 tokens: all of them are left over
        policy.restart(0, 4);
        a.token = 0;
        policy.canSubmit(a);

        // 128 for the epoch plus extra = 256 * 128 / (256 - 128)
        assertThat(a.token).isEqualTo(128 + 256);
    }

    @Test
    void theDominantGroupHoldingMoreThanAnEighthOfItsTokensDefersTheEpochWhileTheDeviceIsBusy() {
        IobandGroup dominant = group("/", 500);
        IobandGroup starved = group("/s", 500);
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT, 64, dominant, starved);
        // 128 tokens each: a group is really active once 16 are consumed (16 * 8 >= 128) before a charge,
        // so the 17th token makes it dominant
        for (int i = 0; i < 16; i++) {
            policy.consume(dominant, 1);
        }
        assertThat(policy.restart(4, 4)).as("not yet active").isTrue();
        dominant.token = 0;
        policy.canSubmit(dominant);
        for (int i = 0; i < 17; i++) {
            policy.consume(dominant, 1);
        }

        assertThat(policy.restart(4, 4)).as("busy device").isFalse();
        assertThat(policy.restart(3, 4)).as("light load").isTrue();
    }

    @Test
    void theDominantGroupNoLongerDefersTheEpochOnceItIsDownToAnEighth() {
        IobandGroup dominant = group("/", 500);
        IobandGroup other = group("/o", 500);
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT, 64, dominant, other);
        for (int i = 0; i < 113; i++) {
            policy.consume(dominant, 1);
        }
        // 15 of 128 left: priority 15 * 100 / 128 + 1 = 12, and 12 * 8 is not above 100
        assertThat(policy.iopriority(dominant)).isEqualTo(12);
        assertThat(policy.restart(100, 4)).isTrue();
    }

    @Test
    void priorityIsTokensAsAPercentageOfTheSharePlusOne() {
        IobandGroup g = group("/", 500);
        WeightPolicy policy = policyWith(IobandPolicy.WEIGHT, 64, g);
        assertThat(policy.iopriority(g)).isEqualTo(101);
        g.token = 64;
        assertThat(policy.iopriority(g)).isEqualTo(26);
    }
}
