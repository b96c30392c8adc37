package org.iosched.runner.scenario;

import java.nio.file.Path;
import java.util.List;

/**
 * A parsed scenario file: an experiment run as a matrix of configurations and reported as one table (see
 * {@link ScenarioParser} for the file format). Names of plugins and settings are checked later, against
 * the discovered plugins, by {@link ScenarioPlanner}.
 *
 * @param file          the file name used in messages
 * @param baseDirectory the file's directory ({@code workload: file:} paths are relative to it)
 * @param name          short name ({@code 000-write-fsync-cgroup})
 * @param title         one line saying what is compared
 * @param thread        the seed thread it reproduces (a path), or empty
 * @param description   what was set up and what was scaled down, or empty
 * @param device        the base device preset
 * @param scheduler     the base scheduler, or null when every row's variants name one
 * @param seeds         the seeds every row runs with (replicated runs)
 * @param seedsLine     line of {@code seeds:}, 0 when absent
 * @param sample        how many rows of the matrix to draw at random ({@code sample:}), 0 for all of them
 * @param sampleLine    line of {@code sample:}, 0 when absent
 * @param workload      the base workload
 * @param set           the base settings
 * @param axes          the matrix's axes, in order
 * @param exclusions    combinations left out of the matrix
 * @param metrics       the table's columns
 * @param references    the thread's numbers
 */
public record Scenario(String file, Path baseDirectory, String name, String title, String thread,
                       String description, Named device, Named scheduler, List<Long> seeds, int seedsLine,
                       long sample, int sampleLine, WorkloadSpec workload, List<Setting> set, List<Axis> axes, List<Combination> exclusions,
                       List<MetricSpec> metrics, List<Reference> references) {
    /** Copies the lists. */
    public Scenario {
        seeds = List.copyOf(seeds);
        set = List.copyOf(set);
        axes = List.copyOf(axes);
        exclusions = List.copyOf(exclusions);
        metrics = List.copyOf(metrics);
        references = List.copyOf(references);
    }

    /**
     * The seed of the random sample of rows: the first seed the file lists (1 without {@code seeds:}), so that
     * {@code --seeds} replicates the same rows.
     */
    public long sampleSeed() {
        return seeds.get(0);
    }

    /** The axis named {@code name}, or null. */
    public Axis axis(String name) {
        for (Axis a : axes) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        return null;
    }
}
