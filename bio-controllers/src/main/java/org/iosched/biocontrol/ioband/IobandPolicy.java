package org.iosched.biocontrol.ioband;

import org.iosched.api.Bio;

/**
 * The token-based bandwidth policies of dm-ioband ({@code dm_ioband_policy_type}). {@code range-bw} and the
 * {@code default} alias are not modelled.
 */
public enum IobandPolicy {
    /** One token per bio ({@code policy_weight_init}, {@code prepare_token}). */
    WEIGHT("weight", 0),
    /**
     * One token per sector ({@code policy_weight_iosize_init}, {@code iosize_prepare_token}); the bucket and
     * the yield batch scale by a page's sectors ({@code g_token_unit = PAGE_SHIFT - 9}).
     */
    WEIGHT_IOSIZE("weight-iosize", 12 - 9);

    private final String policyName;
    private final int tokenUnit;

    IobandPolicy(String policyName, int tokenUnit) {
        this.policyName = policyName;
        this.tokenUnit = tokenUnit;
    }

    /** The name written in the table line and in {@code ioband.policy}. */
    public String policyName() {
        return policyName;
    }

    /** {@code g_token_unit}: the shift applied to the token bucket and the yield batch. */
    public int tokenUnit() {
        return tokenUnit;
    }

    /** The tokens a bio costs. */
    public int tokensFor(Bio bio) {
        return this == WEIGHT ? 1 : bio.sectors();
    }

    /** The policy called {@code name}, or null. */
    public static IobandPolicy byName(String name) {
        for (IobandPolicy p : values()) {
            if (p.policyName.equals(name)) {
                return p;
            }
        }
        return null;
    }
}
