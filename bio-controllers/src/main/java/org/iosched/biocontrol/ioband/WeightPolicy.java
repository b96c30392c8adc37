package org.iosched.biocontrol.ioband;

import java.util.List;

/**
 * Token and epoch accounting of dm-ioband's {@code weight} and {@code weight-iosize} policies
 * (dm-ioband-policy.c): the device-wide members of {@code struct ioband_device} and the functions
 * {@code is_token_left}, {@code consume_token}, {@code make_global_epoch} and {@code set_weight}.
 *
 * <p>Each epoch a bucket of {@code (io_limit * 2 * 2) << unit} tokens is shared among the groups by weight.
 * A group that has used up its tokens takes its share for every epoch that has passed since it last did
 * (up to {@code carryover} epochs) plus a part of the tokens left over from the previous epoch. A new global
 * epoch starts only when no group with held bios can submit, unless the dominant group still holds more
 * than an eighth of its tokens and at least {@code io_throttle} bios are in flight. Tokens may go
 * negative (debt). The group serving bios yields after about 20 tokens (times the unit).
 */
final class WeightPolicy {
    /** {@code DEFAULT_TOKENPOOL}: the carry-over pool, in tokens before the unit shift. */
    static final int DEFAULT_TOKENPOOL = 2048;
    /** {@code DEFAULT_BUCKET}. */
    static final int DEFAULT_BUCKET = 2;
    /** {@code IOBAND_IOPRIO_BASE}: a full share of tokens is priority 100. */
    static final int IOBAND_IOPRIO_BASE = 100;
    /** {@code TOKEN_BATCH_UNIT}: tokens a group may use before it yields. */
    static final int TOKEN_BATCH_UNIT = 20;
    /** {@code PROCEED_THRESHOLD}: the dominant group blocks a new epoch above 1/8 of its tokens. */
    static final int PROCEED_THRESHOLD = 8;
    /** {@code LOCAL_ACTIVE_RATIO}. */
    static final int LOCAL_ACTIVE_RATIO = 8;
    /** {@code GLOBAL_ACTIVE_RATIO}. */
    static final int GLOBAL_ACTIVE_RATIO = 16;
    /** {@code OVERCOMMIT_RATE}: a group may hold a quarter of its share of {@code io_limit}. */
    static final int OVERCOMMIT_RATE = 4;

    private final IobandPolicy policy;
    private final int ioLimit;

    /** {@code g_epoch}. */
    private int epoch;
    /** {@code g_token_bucket}. */
    private final int tokenBucket;
    /** {@code g_carryover}. */
    private final int carryover;
    /** {@code g_current}: the group that used a token last. */
    private IobandGroup current;
    /** {@code g_yield_mark}. */
    private int yieldMark;
    /** {@code g_dominant}: the really active group with the most tokens. */
    private IobandGroup dominant;
    /** {@code g_token_left}: tokens of this epoch not yet handed out. */
    private int tokenLeft;
    /** {@code g_token_extra}: tokens left over from the previous epoch. */
    private int tokenExtra;

    /** {@code policy_weight_init} with the default token base and carry-over ({@code init_token_bucket}). */
    WeightPolicy(IobandPolicy policy, int ioLimit) {
        this.policy = policy;
        this.ioLimit = ioLimit;
        int unit = policy.tokenUnit();
        this.tokenBucket = (ioLimit * 2 * DEFAULT_BUCKET) << unit;
        this.carryover = Math.max(1, (DEFAULT_TOKENPOOL << unit) / tokenBucket);
        this.tokenLeft = tokenBucket;
    }

    /** The policy (token cost per bio). */
    IobandPolicy policy() {
        return policy;
    }

    /** {@code g_epoch}. */
    int epoch() {
        return epoch;
    }

    /** {@code g_token_bucket}. */
    int tokenBucket() {
        return tokenBucket;
    }

    /** {@code g_carryover}. */
    int carryover() {
        return carryover;
    }

    /** {@code policy_weight_ctr}: a new group starts in the current epoch. */
    void initGroup(IobandGroup group) {
        group.myEpoch = epoch;
        group.consumed = 0;
    }

    /**
     * {@code set_weight} without hierarchy: every group's share of the bucket and of {@code io_limit} is
     * recomputed, and every group's tokens are reset to its new share.
     */
    void setWeights(List<IobandGroup> groups) {
        long weightTotal = 0;
        for (int i = 0; i < groups.size(); i++) {
            weightTotal += groups.get(i).weight;
        }
        for (int i = 0; i < groups.size(); i++) {
            IobandGroup g = groups.get(i);
            int token = 1;
            int limit = 1;
            if (weightTotal > 0) {
                token = (int) Math.max(1, (long) tokenBucket * g.weight / weightTotal);
                limit = (int) Math.max(1, (long) ioLimit * g.weight / weightTotal);
            }
            g.token = token;
            g.tokenInitial = token;
            g.limit = Math.max(1, limit / OVERCOMMIT_RATE);
        }
    }

    /** {@code get_token}: tokens including the shares of epochs the group has not claimed yet. */
    int effectiveTokens(IobandGroup g) {
        int token = g.token;
        int allowance = epoch - g.myEpoch;
        if (allowance != 0) {
            token += g.tokenInitial * Math.min(allowance, carryover);
        }
        return token;
    }

    /** {@code iopriority}: 1 + tokens as a percentage of the share. */
    int iopriority(IobandGroup g) {
        return effectiveTokens(g) * IOBAND_IOPRIO_BASE / g.tokenInitial + 1;
    }

    /**
     * {@code is_token_left} ({@code g_can_submit}): 0 when the group has no tokens, else its priority.
     * Claims the shares of the epochs that have passed when the group is out of tokens.
     */
    int canSubmit(IobandGroup g) {
        if (g.token > 0) {
            return iopriority(g);
        }
        int allowance = epoch - g.myEpoch;
        if (allowance == 0) {
            return 0;
        }
        allowance = Math.min(allowance, carryover);
        g.myEpoch = epoch;
        int delta = g.tokenInitial * allowance;
        tokenLeft -= delta;
        // a part of the previous epoch's unused tokens, in proportion to the group's share
        int extra = (int) ((long) tokenExtra * g.tokenInitial / (tokenBucket - tokenExtra / 2));
        delta += extra;
        g.token += delta;
        g.consumed = 0;
        if (g == current) {
            yieldMark += delta;
        }
        return g.token > 0 ? iopriority(g) : 0;
    }

    /**
     * {@code consume_token}: charge {@code count} tokens. Returns true when the group should yield to
     * another ({@code R_YIELD}).
     */
    boolean consume(IobandGroup g, int count) {
        boolean active = !((long) g.consumed * LOCAL_ACTIVE_RATIO < g.tokenInitial
                && (long) g.consumed * GLOBAL_ACTIVE_RATIO < tokenBucket);
        if (active && (dominant == null || effectiveTokens(g) > effectiveTokens(dominant))) {
            dominant = g;
        }
        if (epoch == g.myEpoch && g.token > 0 && g.token - count <= 0 && dominant == g) {
            // the group has just used up its tokens: it no longer dominates
            dominant = null;
        }
        if (g != current) {
            current = g;
            yieldMark = g.token - (TOKEN_BATCH_UNIT << policy.tokenUnit());
        }
        g.token -= count;
        g.consumed += count;
        if (g.token <= yieldMark) {
            current = null;
            return true;
        }
        return false;
    }

    /**
     * {@code make_global_epoch} ({@code g_restart_bios}): start a new epoch unless the dominant group still
     * holds many tokens while the device is busy. Returns whether a new epoch began.
     */
    boolean restart(int nrIssued, int ioThrottle) {
        if (dominant != null && iopriority(dominant) * PROCEED_THRESHOLD > IOBAND_IOPRIO_BASE
                && nrIssued >= ioThrottle) {
            return false;
        }
        epoch++;
        tokenExtra = Math.max(0, tokenLeft);
        tokenLeft = tokenBucket;
        dominant = null;
        return true;
    }
}
