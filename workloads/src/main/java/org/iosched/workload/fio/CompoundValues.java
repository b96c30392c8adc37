package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.iosched.workload.text.InputText;

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

    /** fio's {@code str_random_distribution_cb}; {@code zoned_abs} sizes take {@code kbBase}. */
    static OffsetDistribution distribution(FioValues values, String v, int kbBase) {
        if (v.startsWith("zoned:") || v.startsWith("zoned_abs:")) {
            return zoned(values, v, kbBase);
        }
        if (v.equals("zoned") || v.equals("zoned_abs")) {
            throw new ValueException("fio: mismatch in zoned input <" + InputText.echo(v) + ">");
        }
        return distribution(v);
    }

    /**
     * {@code zoned:A/R:A/R...} or {@code zoned_abs:A/S:...}, as fio 3.33 parses it: access percentages are
     * integers (a fraction is cut) and must add up to 100; a zoned range is an integer percent (cut), and the
     * ranges left out share what the given ones leave of 100 ({@code zoned:60/10:40}); zoned_abs sizes are
     * required; nothing after {@code zoned:} is uniform. fio 3.33 fails to parse per-direction zones
     * (a ',' anywhere), whatever its documentation says, and so does iosched.
     */
    private static OffsetDistribution zoned(FioValues values, String v, int kbBase) {
        boolean absolute = v.startsWith("zoned_abs:");
        String body = v.substring(v.indexOf(':') + 1);
        if (body.contains(",")) {
            throw new ValueException("per-direction zones (',') fail to parse in fio 3.33 too; give one zone "
                    + "list for all directions");
        }
        if (body.isBlank()) {
            return OffsetDistribution.UNIFORM;
        }
        String[] entries = body.split(":", -1);
        int[] access = new int[entries.length];
        long[] range = new long[entries.length];
        boolean[] missing = new boolean[entries.length];
        int accessTotal = 0;
        long rangeTotal = 0;
        int missingCount = 0;
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i].strip();
            int slash = entry.indexOf('/');
            String a = slash < 0 ? entry : entry.substring(0, slash);
            String r = slash < 0 ? "" : entry.substring(slash + 1).strip();
            access[i] = (int) percentPart(a);
            if (access[i] > 100) {
                throw new ValueException("fio: zone_split percentages add to more than 100%");
            }
            accessTotal += access[i];
            if (r.isEmpty()) {
                if (absolute) {
                    throw new ValueException("fio: split conversion failed");
                }
                missing[i] = true;
                missingCount++;
            } else {
                range[i] = absolute ? zoneBytes(values, r, kbBase) : (long) percentPart(r);
                rangeTotal += range[i];
            }
        }
        if (!absolute && rangeTotal > 100) {
            throw new ValueException("fio: zone_split percentages add to more than 100%");
        }
        if (accessTotal != 100) {
            throw new ValueException("fio: access percentage don't add up to 100 for zoned random distribution (got="
                    + accessTotal + ")");
        }
        if (missingCount > 0) {
            long share = (100 - rangeTotal) / missingCount;
            for (int i = 0; i < entries.length; i++) {
                if (missing[i]) {
                    range[i] = share;
                }
            }
        }
        return new OffsetDistribution(absolute ? OffsetDistribution.Kind.ZONED_ABS : OffsetDistribution.Kind.ZONED,
                0, -1, new ZoneSplit(access, range, absolute));
    }

    private static double percentPart(String s) {
        try {
            double d = Double.parseDouble(s.strip());
            if (d < 0 || Double.isNaN(d)) {
                throw new ValueException("fio: split conversion failed");
            }
            return Math.floor(d);
        } catch (NumberFormatException e) {
            throw new ValueException("fio: split conversion failed");
        }
    }

    private static long zoneBytes(FioValues values, String s, int kbBase) {
        try {
            return values.size(s, kbBase);
        } catch (ValueException e) {
            throw new ValueException("fio: split conversion failed");
        }
    }

    /** fio's {@code str_random_distribution_cb} for the distributions without zones. */
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
            throw new ValueException("fio: random postfix parsing failed ('" + InputText.echo(s)
                    + "' is not a number)");
        }
    }
}
