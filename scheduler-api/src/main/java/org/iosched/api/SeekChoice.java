package org.iosched.api;

/**
 * The seek rule CFQ ({@code cfq_choose_req}) and BFQ ({@code bfq_choose_req}) share for two requests of one class
 * (after their sync and META checks): from head position {@code last}, the shorter seek wins, a backward seek within
 * {@code back_seek_max} costing {@code back_seek_penalty} times its distance; a request further behind "wraps" and
 * loses to one that does not; of two that wrap, the one further back goes first (one backward seek serves both).
 */
public final class SeekChoice {
    private SeekChoice() {
    }

    /**
     * Whether the request at {@code sector1} goes before the one at {@code sector2}.
     *
     * @param last           the head position (sector after the last request served)
     * @param backMaxSectors {@code back_seek_max} in sectors (the tunable is in KiB: twice it)
     * @param backPenalty    {@code back_seek_penalty}
     */
    public static boolean firstGoesFirst(long sector1, long sector2, long last, long backMaxSectors, long backPenalty) {
        long d1 = 0;
        long d2 = 0;
        boolean wrap1 = false;
        boolean wrap2 = false;
        if (sector1 >= last) {
            d1 = sector1 - last;
        } else if (sector1 + backMaxSectors >= last) {
            d1 = (last - sector1) * backPenalty;
        } else {
            wrap1 = true;
        }
        if (sector2 >= last) {
            d2 = sector2 - last;
        } else if (sector2 + backMaxSectors >= last) {
            d2 = (last - sector2) * backPenalty;
        } else {
            wrap2 = true;
        }
        if (!wrap1 && !wrap2) {
            if (d1 != d2) {
                return d1 < d2;
            }
            return sector1 >= sector2;
        }
        if (wrap1 != wrap2) {
            return wrap2;
        }
        return sector1 <= sector2;
    }
}
