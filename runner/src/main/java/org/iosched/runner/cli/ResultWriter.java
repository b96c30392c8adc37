package org.iosched.runner.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.report.ComparisonColumns;
import org.iosched.runner.report.ComparisonTable;
import org.iosched.runner.report.FioJsonReport;
import org.iosched.runner.report.FioNormalReport;
import org.iosched.simulator.SimulationResult;

/**
 * Writes the results of one {@code run} in the chosen format: to standard output, or to {@code --output}
 * (JSON: one file per scheduler when several ran, see {@link FioJsonReport}).
 */
final class ResultWriter {
    private ResultWriter() {
    }

    static void write(List<SimulationResult> results, OutputFormat format, Path output, PrintWriter stdout) {
        switch (format) {
            case JSON, JSON_PLUS -> writeJson(results, format == OutputFormat.JSON ? FioJsonReport.Format.JSON
                    : FioJsonReport.Format.JSON_PLUS, output, stdout);
            case NORMAL, NORMAL_2011 -> writeText(results, format == OutputFormat.NORMAL
                    ? FioNormalReport.Format.NORMAL : FioNormalReport.Format.NORMAL_2011, output, stdout);
        }
    }

    private static void writeJson(List<SimulationResult> results, FioJsonReport.Format format, Path output,
                                  PrintWriter stdout) {
        if (output == null) {
            stdout.print(FioJsonReport.renderAll(results, format));
            stdout.flush();
            return;
        }
        for (SimulationResult result : results) {
            writeFile(FioJsonReport.documentPath(output, result.scheduler(), results.size()),
                    FioJsonReport.render(result, format));
        }
    }

    private static void writeText(List<SimulationResult> results, FioNormalReport.Format format, Path output,
                                  PrintWriter stdout) {
        StringBuilder text = new StringBuilder();
        for (SimulationResult result : results) {
            if (results.size() > 1) {
                text.append("==> scheduler: ").append(result.scheduler()).append('\n');
            }
            text.append(FioNormalReport.render(result, format));
            if (results.size() > 1) {
                text.append('\n');
            }
        }
        if (results.size() > 1) {
            text.append("Comparison (").append(results.get(0).device()).append(", seed ")
                    .append(results.get(0).seed()).append(", ").append(kernels(results)).append("):\n");
            text.append(comparison(results).renderTransposed(ComparisonTable.Format.TEXT));
        }
        if (output == null) {
            stdout.print(text);
            stdout.flush();
        } else {
            writeFile(output, text.toString());
        }
    }

    /**
     * The kernels the results modelled: {@code kernel 3.0} when they share one, else each scheduler's
     * ({@code kernels cfq 3.0, none 6.6}).
     */
    static String kernels(List<SimulationResult> results) {
        java.util.Set<String> distinct = new java.util.LinkedHashSet<>();
        for (SimulationResult result : results) {
            distinct.add(result.kernel().value());
        }
        if (distinct.size() == 1) {
            return "kernel " + distinct.iterator().next();
        }
        List<String> each = new ArrayList<>();
        for (SimulationResult result : results) {
            each.add(result.scheduler() + " " + result.kernel().value());
        }
        return "kernels " + String.join(", ", each);
    }

    /** One row per scheduler, the standard columns of the first result's jobs. */
    static ComparisonTable comparison(List<SimulationResult> results) {
        List<ComparisonTable.Row> rows = new ArrayList<>();
        for (SimulationResult result : results) {
            rows.add(new ComparisonTable.Row(result.scheduler(), result));
        }
        return new ComparisonTable("scheduler", ComparisonColumns.standard(results.get(0)), rows);
    }

    private static void writeFile(Path path, String text) {
        try {
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException(path.toString(), 0, "cannot write output: " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw new InvalidInputException(path.toString(), 0, "cannot write output: " + e.getCause().getMessage());
        }
    }
}
