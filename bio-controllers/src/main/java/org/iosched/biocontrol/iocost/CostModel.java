package org.iosched.biocontrol.iocost;

import static org.iosched.biocontrol.iocost.Ioc.MILLION;
import static org.iosched.biocontrol.iocost.Ioc.VTIME_PER_SEC;
import static org.iosched.biocontrol.iocost.Ioc.VTIME_PER_USEC;
import static org.iosched.biocontrol.iocost.Ioc.ceilDiv;

import org.iosched.api.Bio;
import org.iosched.api.Op;

/**
 * io.cost's parameters and cost model (blk-iocost.c's {@code autop[]}, {@code ioc_autop_idx},
 * {@code ioc_refresh_params}, {@code calc_lcoefs}, {@code calc_vtime_cost_builtin}): the device class's automatic
 * QoS and linear model unless written, the period, timer slack, margins and vrate bounds they give, and the absolute
 * cost of a bio in device vtime. The state it sets is the {@link Ioc}'s.
 */
final class CostModel {
    static final long LCOEF_RANDIO_PAGES = 4096;
    static final int MARGIN_MIN_PCT = 10;
    static final int MARGIN_LOW_PCT = 20;
    static final int MARGIN_TARGET_PCT = 50;
    static final int TIMER_SLACK_PCT = 1;
    /** {@code AUTOP_CYCLE_NSEC}: how long a vrate must stay out of the class's range before it switches. */
    static final long AUTOP_CYCLE_NS = 10_000_000_000L;

    /**
     * The automatic parameters by class: rlat, wlat (µs), then rbps, rseqiops, rrandiops, wbps, wseqiops, wrandiops,
     * then {@code too_fast_vrate_pct} and {@code too_slow_vrate_pct} (0: none).
     */
    static final long[][] AUTOP = {
        {250_000, 250_000, 174019176, 41708, 370, 178075866, 42705, 378, 0, 0},
        {25_000, 25_000, 245855193, 61575, 6946, 141365009, 33716, 26796, 0, 0},
        {25_000, 25_000, 488636629, 8932, 8518, 427891549, 28755, 21940, 500, 0},
        {5_000, 5_000, 3102524156L, 724816, 778122, 1742780862L, 425702, 443193, 0, 10},
    };
    static final String[] AUTOP_NAMES = {"hdd", "ssd_qd1", "ssd_dfl", "ssd_fast"};
    static final int AUTOP_HDD = 0;
    static final int AUTOP_SSD_QD1 = 1;
    static final int AUTOP_SSD_DFL = 2;

    private final Ioc ioc;

    CostModel(Ioc ioc) {
        this.ioc = ioc;
    }

    /** {@code calc_lcoefs}: page, seqio and randio costs from bps, seqiops and randiops. */
    static void calcLcoefs(long bps, long seqiops, long randiops, long[] out) {
        long page = ceilDiv(VTIME_PER_SEC, Math.max(1, ceilDiv(bps, 4096)));
        out[0] = page;
        out[1] = Math.max(ceilDiv(VTIME_PER_SEC, seqiops) - page, 0);
        out[2] = Math.max(ceilDiv(VTIME_PER_SEC, randiops) - page, 0);
    }

    /** {@code ioc_autop_idx}: the device class, stepping between SSD and fast SSD by the vrate. */
    private int autopIdx() {
        if (ioc.context.device().rotational()) {
            return AUTOP_HDD;
        }
        if (ioc.context.queueDepth() == 1) {
            return AUTOP_SSD_QD1;
        }
        if (ioc.autop < AUTOP_SSD_DFL) {
            return AUTOP_SSD_DFL;
        }
        if (ioc.config.qosUser() || ioc.config.modelUser()) {
            return ioc.autop;
        }
        long vratePct = ioc.vrate * 100 / VTIME_PER_USEC;
        long now = ioc.context.now();
        long tooFast = AUTOP[ioc.autop][8];
        long tooSlow = AUTOP[ioc.autop][9];
        if (tooFast > 0 && tooFast <= vratePct) {
            if (ioc.autopTooFastAt == 0) {
                ioc.autopTooFastAt = now;
            }
            if (now - ioc.autopTooFastAt >= AUTOP_CYCLE_NS) {
                return ioc.autop + 1;
            }
        } else {
            ioc.autopTooFastAt = 0;
        }
        if (tooSlow > 0 && tooSlow >= vratePct) {
            if (ioc.autopTooSlowAt == 0) {
                ioc.autopTooSlowAt = now;
            }
            if (now - ioc.autopTooSlowAt >= AUTOP_CYCLE_NS) {
                return ioc.autop - 1;
            }
        } else {
            ioc.autopTooSlowAt = 0;
        }
        return ioc.autop;
    }

    /**
     * {@code ioc_refresh_params}: the class's QoS and model unless written, the period, margins and vrate bounds.
     *
     * @return whether anything was refreshed (forced, or the device class changed)
     */
    boolean refreshParams(boolean force) {
        int idx = autopIdx();
        if (idx == ioc.autop && !force) {
            return false;
        }
        if (idx != ioc.autop) {
            ioc.vtimeRate = VTIME_PER_USEC;
            ioc.vrate = VTIME_PER_USEC;
        }
        ioc.autop = idx;
        ioc.autopTooFastAt = 0;
        ioc.autopTooSlowAt = 0;
        long[] a = AUTOP[idx];
        long[] qos = ioc.qos;
        qos[IocostConfig.QOS_RPPM] = 0;
        qos[IocostConfig.QOS_RLAT] = a[0];
        qos[IocostConfig.QOS_WPPM] = 0;
        qos[IocostConfig.QOS_WLAT] = a[1];
        qos[IocostConfig.QOS_MIN] = 10_000;
        qos[IocostConfig.QOS_MAX] = 100_000_000;
        IocostConfig config = ioc.config;
        if (config.qosUser()) {
            for (int i = 0; i < 6; i++) {
                if (config.qos()[i] >= 0) {
                    qos[i] = config.qos()[i];
                }
            }
        }
        long[] model = new long[6];
        for (int i = 0; i < 6; i++) {
            model[i] = config.modelUser() && config.model()[i] > 0 ? config.model()[i] : a[2 + i];
        }
        ioc.periodUs = refreshPeriodUs();
        ioc.timerSlackNs = ioc.periodUs * 1000 * TIMER_SLACK_PCT / 100;
        refreshMargins();
        for (int rw = 0; rw < 2; rw++) {
            calcLcoefs(model[rw * 3], model[rw * 3 + 1], model[rw * 3 + 2], ioc.lcoefs[rw]);
        }
        ioc.vrateMin = ceilDiv(qos[IocostConfig.QOS_MIN] * VTIME_PER_USEC, MILLION);
        ioc.vrateMax = ceilDiv(qos[IocostConfig.QOS_MAX] * VTIME_PER_USEC, MILLION);
        return true;
    }

    /** {@code ioc_refresh_period_us}. */
    private long refreshPeriodUs() {
        long[] qos = ioc.qos;
        long ppm;
        long lat;
        if (qos[IocostConfig.QOS_RLAT] >= qos[IocostConfig.QOS_WLAT]) {
            ppm = qos[IocostConfig.QOS_RPPM];
            lat = qos[IocostConfig.QOS_RLAT];
        } else {
            ppm = qos[IocostConfig.QOS_WPPM];
            lat = qos[IocostConfig.QOS_WLAT];
        }
        long multi = ppm > 0 ? Math.max((MILLION - ppm) / 50_000, 2) : 2;
        return Math.max(1000, Math.min(multi * lat, 1_000_000));
    }

    /** {@code ioc_refresh_margins}: of one period at the base rate. */
    void refreshMargins() {
        long periodUs = ioc.periodUs;
        long vrate = ioc.vrate;
        ioc.marginMin = periodUs * MARGIN_MIN_PCT / 100 * vrate;
        ioc.marginLow = periodUs * MARGIN_LOW_PCT / 100 * vrate;
        ioc.marginTarget = periodUs * MARGIN_TARGET_PCT / 100 * vrate;
    }

    /** {@code calc_vtime_cost_builtin}: the absolute cost of {@code bio} against the group's cursor. */
    long absCost(Bio bio, Iocg g, boolean isMerge) {
        int rw = bio.op() == Op.READ ? 0 : 1;
        long pages = Math.max(bio.sectors() >> 3, 1);
        long[] lcoefs = ioc.lcoefs[rw];
        long cost = 0;
        if (!isMerge) {
            long seekPages = g.cursor == 0 ? 0 : Math.abs(bio.sector() - g.cursor) >> 3;
            cost += seekPages > LCOEF_RANDIO_PAGES ? lcoefs[2] : lcoefs[1];
        }
        return cost + pages * lcoefs[0];
    }
}
