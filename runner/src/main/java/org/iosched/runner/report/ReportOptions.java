package org.iosched.runner.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;

/**
 * The fio options of one job that change only what fio prints, read from the job's options as written
 * ({@link JobDescriptor#options()}) with fio's names, aliases, defaults and fix-ups (options.c, and
 * init.c {@code fixup_options}: a disabled latency also switches its percentiles off).
 *
 * @param description     {@code description}, empty when not set
 * @param clatPercentiles {@code clat_percentiles} (default 1)
 * @param latPercentiles  {@code lat_percentiles} (default 0)
 * @param slatPercentiles {@code slat_percentiles} (default 0)
 * @param clatPercentilesWritten whether {@code clat_percentiles=1} was written: fio 1.58 printed the table
 *                        only on request
 * @param percentileList  {@code percentile_list}, or null for fio's default list
 * @param sigFigs         {@code significant_figures} (1 to 10, default 4)
 * @param unified         {@code unified_rw_reporting}
 * @param disableLat      {@code disable_lat}
 * @param disableClat     {@code disable_clat}
 * @param disableSlat     {@code disable_slat}
 * @param disableBw       {@code disable_bw_measurement} (alias {@code disable_bw})
 * @param gtodReduce      fio's {@code gtod_reduce()} test: clat, slat and bw all disabled, or
 *                        {@code gtod_reduce=1}
 * @param bwLogPerIo      {@code write_bw_log} with {@code log_avg_msec=0}: fio samples bandwidth per I/O
 * @param iopsLogPerIo    {@code write_iops_log} with {@code log_avg_msec=0}
 * @param bwAvgTime       {@code bwavgtime} as written, or null
 * @param iopsAvgTime     {@code iopsavgtime} as written, or null
 * @param blockErrorPercentiles {@code block_error_percentiles}
 * @param kbBase          {@code kb_base}: 1024 (binary prefixes first) or 1000
 * @param bits            {@code unit_base=1}: rates in bits
 * @param written         the output options the job wrote, canonical names with values as written, in name
 *                        order (for the notices of the 2011 layout)
 */
record ReportOptions(String description, boolean clatPercentiles, boolean latPercentiles, boolean slatPercentiles,
                     boolean clatPercentilesWritten, PercentileList percentileList, int sigFigs, Unified unified,
                     boolean disableLat, boolean disableClat, boolean disableSlat, boolean disableBw,
                     boolean gtodReduce, boolean bwLogPerIo, boolean iopsLogPerIo, String bwAvgTime,
                     String iopsAvgTime, boolean blockErrorPercentiles, int kbBase, boolean bits,
                     Map<String, String> written) {

    /** fio's {@code unified_rw_reporting} ({@code enum unified_rw_rep}: the values are fio's). */
    enum Unified {
        /** {@code none}/{@code 0}: one block per direction. */
        NONE(0),
        /** {@code mixed}/{@code 1}: the directions summed into one {@code mixed} block. */
        MIXED(1),
        /** {@code both}/{@code 2}: the directions, then their sum. */
        BOTH(2);

        private final int value;

        Unified(int value) {
            this.value = value;
        }

        /** fio's number ({@code UNIFIED_SPLIT}, {@code UNIFIED_MIXED}, {@code UNIFIED_BOTH}). */
        int value() {
            return value;
        }
    }

    /**
     * A {@code percentile_list}: the percentiles sorted (fio sorts the list in place before use) and the
     * number of decimals the table prints.
     *
     * @param percentiles sorted, duplicates kept
     * @param precision   fio's {@code percentile_precision}: the most digits written after a '.'
     */
    record PercentileList(List<Double> percentiles, int precision) {
        /** Copies the list. */
        PercentileList {
            percentiles = List.copyOf(percentiles);
        }
    }

    /** fio's {@code FIO_IO_U_LIST_MAX_LEN}. */
    static final int MAX_PERCENTILES = 20;
    /** fio's default {@code significant_figures}. */
    static final int DEFAULT_SIG_FIGS = 4;

    /** A job that sets none of these options. */
    static final ReportOptions DEFAULTS = new ReportOptions("", true, false, false, false, null, DEFAULT_SIG_FIGS,
            Unified.NONE, false, false, false, false, false, false, false, null, null, false, 1024, false, Map.of());

    /** The options that only change the report, as fio names them (aliases resolved by {@link #canonical}). */
    static final List<String> NAMES = List.of("description", "clat_percentiles", "lat_percentiles",
            "slat_percentiles", "percentile_list", "significant_figures", "unified_rw_reporting", "disable_lat",
            "disable_clat", "disable_slat", "disable_bw_measurement", "gtod_reduce", "bwavgtime", "iopsavgtime",
            "block_error_percentiles", "kb_base", "unit_base");

    /** Copies the map. */
    ReportOptions {
        written = Collections.unmodifiableMap(new java.util.TreeMap<>(written));
    }

    /**
     * The options of {@code job}.
     *
     * @throws InvalidInputException for a value fio rejects, naming the job, the option and what is accepted
     */
    static ReportOptions of(JobDescriptor job) {
        Map<String, String> options = job.options();
        Parser parser = new Parser(job.name(), options);
        String description = parser.text("description");
        boolean gtodReduce = parser.bool("gtod_reduce", false);
        // gtod_reduce=1 sets the disable_* options and clears the percentiles (options.c str_gtod_reduce_cb);
        // options written beside it win (fio applies them in file order, which the options map does not keep).
        boolean disableLat = parser.bool("disable_lat", gtodReduce);
        boolean disableClat = parser.bool("disable_clat", gtodReduce);
        boolean disableSlat = parser.bool("disable_slat", gtodReduce);
        boolean disableBw = parser.bool("disable_bw_measurement", gtodReduce);
        boolean clatWritten = parser.bool("clat_percentiles", false);
        boolean clat = parser.bool("clat_percentiles", !gtodReduce) && !disableClat;
        boolean lat = parser.bool("lat_percentiles", false) && !disableLat;
        boolean slat = parser.bool("slat_percentiles", false) && !disableSlat;
        PercentileList list = parser.percentileList("percentile_list");
        int sigFigs = (int) parser.integer("significant_figures", DEFAULT_SIG_FIGS, 1, 10);
        Unified unified = parser.unified("unified_rw_reporting");
        int kbBase = Integer.parseInt(parser.choice("kb_base", "1024", List.of("1024", "1000")));
        // unit_base=0 auto-detects: bits only for fio's bit-based network engines, which iosched does not model.
        boolean bits = parser.choice("unit_base", "0", List.of("0", "8", "1")).equals("1");
        long logAvgMsec = parser.integer("log_avg_msec", 0, 0, Integer.MAX_VALUE);
        boolean bwLogPerIo = options.containsKey("write_bw_log") && logAvgMsec == 0;
        boolean iopsLogPerIo = options.containsKey("write_iops_log") && logAvgMsec == 0;
        boolean reduced = (disableClat && disableSlat && disableBw) || gtodReduce;
        return new ReportOptions(description == null ? "" : description, clat, lat, slat, clatWritten, list, sigFigs,
                unified, disableLat, disableClat, disableSlat, disableBw, reduced, bwLogPerIo, iopsLogPerIo,
                parser.text("bwavgtime"), parser.text("iopsavgtime"),
                parser.bool("block_error_percentiles", false), kbBase, bits, parser.written());
    }

    /**
     * The options of a report block: fio takes the name, description, {@code kb_base}, {@code unit_base},
     * {@code significant_figures} and {@code unified_rw_reporting} from the block's first job and the
     * percentile settings from its last (stat.c {@code __show_run_stats} overwrites them job by job).
     */
    static ReportOptions forBlock(List<ReportOptions> members) {
        ReportOptions first = members.get(0);
        ReportOptions last = members.get(members.size() - 1);
        return new ReportOptions(first.description, last.clatPercentiles, last.latPercentiles, last.slatPercentiles,
                last.clatPercentilesWritten, last.percentileList, first.sigFigs, first.unified, first.disableLat,
                first.disableClat, first.disableSlat, first.disableBw, first.gtodReduce, first.bwLogPerIo,
                first.iopsLogPerIo, first.bwAvgTime, first.iopsAvgTime, first.blockErrorPercentiles, first.kbBase,
                first.bits, first.written);
    }

    /** The canonical name of an option name as written ({@code disable_bw} is {@code disable_bw_measurement}). */
    static String canonical(String name) {
        return name.equals("disable_bw") ? "disable_bw_measurement" : name;
    }

    /** fio 3.x takes no bandwidth sample of this job: bw disabled while it logs bandwidth per I/O (stat.c). */
    boolean noBandwidthSamples() {
        return disableBw && bwLogPerIo;
    }

    /** fio 3.x takes no IOPS sample: it logs IOPS per I/O but with timing reduced (io_u.c account_io_completion). */
    boolean noIopsSamples() {
        return iopsLogPerIo && gtodReduce;
    }

    /** Reads values as fio's option parser would accept them, with fio's messages. */
    private static final class Parser {
        private final String job;
        private final Map<String, String> options;
        private final Map<String, String> written = new java.util.TreeMap<>();

        Parser(String job, Map<String, String> options) {
            this.job = job;
            this.options = options;
        }

        Map<String, String> written() {
            return written;
        }

        /** The value of {@code name}, or of its alias when only that is written; null when neither is. */
        private String raw(String name) {
            String value = options.get(name);
            if (value == null) {
                for (Map.Entry<String, String> option : options.entrySet()) {
                    if (!option.getKey().equals(name) && canonical(option.getKey()).equals(name)) {
                        value = option.getValue();
                    }
                }
            }
            if (value != null && NAMES.contains(name)) {
                written.put(name, value);
            }
            return value == null ? null : value.trim();
        }

        String text(String name) {
            return raw(name);
        }

        /** fio's FIO_OPT_BOOL: an integer, 0 or 1 (parse.c check_int, maxval 1). */
        boolean bool(String name, boolean otherwise) {
            String value = raw(name);
            if (value == null) {
                return otherwise;
            }
            long number = number(name, value);
            if (number > 1) {
                throw error(name, value, "max value out of range: " + number + " (1 max); accepted: 0, 1");
            }
            return number == 1;
        }

        long integer(String name, long otherwise, long min, long max) {
            String value = raw(name);
            if (value == null) {
                return otherwise;
            }
            long number = number(name, value);
            if (number > max) {
                throw error(name, value, "max value out of range: " + number + " (" + max + " max)");
            }
            if (number < min) {
                throw error(name, value, "min value out of range: " + number + " (" + min + " min)");
            }
            return number;
        }

        private long number(String name, String value) {
            try {
                if (value.startsWith("0x") || value.startsWith("0X")) {
                    return Long.parseLong(value.substring(2), 16);
                }
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw error(name, value, "not an integer");
            }
        }

        String choice(String name, String otherwise, List<String> accepted) {
            String value = raw(name);
            if (value == null) {
                return otherwise;
            }
            if (!accepted.contains(value)) {
                throw error(name, value, "accepted: " + String.join(", ", accepted));
            }
            return value;
        }

        Unified unified(String name) {
            String value = choice(name, "none", List.of("none", "mixed", "both", "0", "1", "2"));
            return switch (value) {
                case "mixed", "1" -> Unified.MIXED;
                case "both", "2" -> Unified.BOTH;
                default -> Unified.NONE;
            };
        }

        /**
         * fio's FIO_OPT_FLOAT_LIST ({@code parse.c}): values separated by ':', each 0 to 100, at most 20; the
         * list ends at its first 0 (stat.c counts entries up to a 0.0); precision is the most digits after a
         * '.' anywhere in the rest of the list.
         */
        PercentileList percentileList(String name) {
            String value = raw(name);
            if (value == null) {
                return null;
            }
            String[] parts = value.split(":", -1);
            if (parts.length > MAX_PERCENTILES) {
                throw error(name, value, "the list exceeding max length " + MAX_PERCENTILES);
            }
            List<Double> percentiles = new ArrayList<>(parts.length);
            int precision = 0;
            int at = 0;
            boolean ended = false;
            for (String part : parts) {
                double percentile;
                try {
                    percentile = Double.parseDouble(part.trim());
                } catch (NumberFormatException e) {
                    throw error(name, value, "not a floating point value: " + part);
                }
                if (!(percentile <= 100.0)) {
                    throw error(name, value, "value out of range: " + CFormat.fixed6(percentile)
                            + " (range max: 100.000000)");
                }
                if (percentile < 0.0) {
                    throw error(name, value, "value out of range: " + CFormat.fixed6(percentile)
                            + " (range min: 0.000000)");
                }
                int dot = value.indexOf('.', at);
                if (dot >= 0) {
                    int digits = 0;
                    while (dot + 1 + digits < value.length() && Character.isDigit(value.charAt(dot + 1 + digits))) {
                        digits++;
                    }
                    precision = Math.max(precision, digits);
                }
                at += part.length() + 1;
                ended |= percentile == 0.0;
                if (!ended) {
                    percentiles.add(percentile);
                }
            }
            Collections.sort(percentiles);
            return new PercentileList(percentiles, precision);
        }

        private InvalidInputException error(String name, String value, String detail) {
            return new InvalidInputException("job '" + job + "'", 0,
                    "fio: failed parsing " + name + "=" + value + ": " + detail);
        }
    }
}
