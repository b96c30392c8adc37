package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Values with an inner grammar: {@code bssplit} (options.c {@code str_split_parse},
 * {@code bssplit_ddir}) and {@code random_distribution} ({@code str_random_distribution_cb}).
 */
final class CompoundValues {
    private CompoundValues() {
    }

    /** fio's {@code str_split_parse} + {@code bssplit_ddir}. */
    static void bssplit(FioValues values, JobOptions o, String v) {
        String[] dirs = new String[Ddir.COUNT];
        int first = v.indexOf(',');
        if (first < 0) {
            dirs[0] = v;
            dirs[1] = v;
            dirs[2] = v;
        } else {
            int second = v.indexOf(',', first + 1);
            dirs[0] = v.substring(0, first);
            if (second < 0) {
                dirs[1] = v.substring(first + 1);
                dirs[2] = dirs[1];
            } else {
                dirs[1] = v.substring(first + 1, second);
                dirs[2] = v.substring(second + 1);
            }
        }
        for (int d = 0; d < Ddir.COUNT; d++) {
            BlockSizeSplit split = splitOne(values, dirs[d], o.kbBase);
            if (split != null) {
                o.bssplit[d] = split;
                o.minBs[d] = split.min();
                o.maxBs[d] = split.max();
            }
        }
    }

    private static BlockSizeSplit splitOne(FioValues values, String text, int kb) {
        List<long[]> entries = new ArrayList<>();
        for (String entry : text.split(":", -1)) {
            if (entry.isEmpty()) {
                break;
            }
            int slash = entry.indexOf('/');
            long size = values.size(slash < 0 ? entry : entry.substring(0, slash), kb);
            if (size < 1) {
                throw new ValueException("a bssplit block size must be at least 1");
            }
            long perc = -1;
            if (slash >= 0) {
                String p = entry.substring(slash + 1).strip();
                long parsed = p.isEmpty() ? 0 : FioValues.unsignedInt(p);
                perc = parsed > 100 ? 100 : (parsed == 0 ? -1 : parsed);
            }
            entries.add(new long[] {size, perc});
            if (entries.size() == 64) {
                break;
            }
        }
        if (entries.isEmpty()) {
            return null;
        }
        long perc = 0;
        int missing = 0;
        for (long[] e : entries) {
            if (e[1] < 0) {
                missing++;
            } else {
                perc += e[1];
            }
        }
        if (perc > 100) {
            throw new ValueException("fio: bssplit percentages add to more than 100%");
        }
        if (missing > 0) {
            if (missing == 1 && entries.size() == 1) {
                perc = 100;
            }
            for (long[] e : entries) {
                if (e[1] < 0) {
                    e[1] = missing == 1 && entries.size() == 1 ? 100 : (100 - perc) / missing;
                }
            }
        }
        entries.sort(Comparator.comparingLong(e -> e[1]));
        long[] sizes = new long[entries.size()];
        int[] percentages = new int[entries.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = entries.get(i)[0];
            percentages[i] = (int) entries.get(i)[1];
        }
        return new BlockSizeSplit(sizes, percentages);
    }

    /** fio's {@code str_random_distribution_cb}. */
    static OffsetDistribution distribution(String v) {
        String[] parts = v.split(":", -1);
        String kind = parts[0];
        OffsetDistribution.Kind k;
        double param;
        switch (kind) {
            case "random" -> {
                return OffsetDistribution.UNIFORM;
            }
            case "zipf" -> {
                k = OffsetDistribution.Kind.ZIPF;
                param = OffsetDistribution.DEFAULT_ZIPF_THETA;
            }
            case "pareto" -> {
                k = OffsetDistribution.Kind.PARETO;
                param = OffsetDistribution.DEFAULT_PARETO_H;
            }
            case "normal" -> {
                k = OffsetDistribution.Kind.NORMAL;
                param = 0;
            }
            case "zoned", "zoned_abs", "sequence" -> throw new ValueException("random_distribution=" + kind
                    + " is not modelled by iosched; modelled: random, zipf, pareto, normal");
            default -> throw new ValueException("valid values: random, zipf, pareto, normal, zoned, zoned_abs");
        }
        double center = -1;
        if (parts.length > 1 && !parts[1].isEmpty()) {
            param = number(parts[1]);
        }
        if (parts.length > 2 && !parts[2].isEmpty()) {
            center = number(parts[2]);
            if (center < 0 || center > 1) {
                throw new ValueException("fio: distribution center out of range (0 <= center <= 1.0)");
            }
        }
        switch (k) {
            case ZIPF -> {
                if (param == 1.0) {
                    throw new ValueException("fio: zipf theta must be different than 1.0");
                }
                if (param <= 0) {
                    throw new ValueException("fio: zipf theta must be positive");
                }
            }
            case PARETO -> {
                if (param <= 0 || param >= 1) {
                    throw new ValueException("fio: pareto input out of range (0 < input < 1.0)");
                }
            }
            default -> {
                if (param < 0 || param >= 100) {
                    throw new ValueException("fio: normal deviation out of range (0 <= input < 100.0)");
                }
            }
        }
        return new OffsetDistribution(k, param, center);
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            throw new ValueException("fio: random postfix parsing failed ('" + s + "' is not a number)");
        }
    }
}
