package org.iosched.runner.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.report.ComparisonColumns;
import org.iosched.runner.report.ComparisonTable;
import org.iosched.runner.report.FioJsonReport;
import org.iosched.runner.report.FioNormalReport;
import org.iosched.runner.report.FioTerseReport;
import org.iosched.simulator.result.SimulationResult;

/**
 * Writes the results of one {@code run} in the chosen format: to standard output, or to {@code --output}
 * (JSON: one file per scheduler when several ran, see {@link FioJsonReport}).
 */
final class ResultWriter {
    private ResultWriter() {
    }

    /** As {@link #write(List, OutputSelection, Map, Path, PrintWriter, PrintWriter)} without status reports. */
    static void write(List<SimulationResult> results, OutputSelection format, Path output, PrintWriter stdout,
                      PrintWriter stderr) {
        write(results, format, Map.of(), output, stdout, stderr);
    }

    /**
     * Writes the results.
     *
     * @param results  one per scheduler, in order
     * @param format   the formats asked for
     * @param status   per scheduler, the reports printed every {@code --status-interval} ({@link #cycle}), in
     *                 order; a scheduler without any is missing
     * @param output   {@code --output}, or null for standard output
     * @param stdout   standard output
     * @param stderr   standard error: iosched's notices when only terse lines are printed
     */
    static void write(List<SimulationResult> results, OutputSelection format, Map<String, List<String>> status,
                      Path output, PrintWriter stdout, PrintWriter stderr) {
        if (format.json() == null && format.text() == null) {
            // the terse line has no room for iosched's own header: the notices go to standard error
            for (SimulationResult result : results) {
                for (String note : FioTerseReport.notes(result)) {
                    stderr.println(note);
                }
            }
            stderr.flush();
        }
        if (status.isEmpty() && format.textOnly()) {
            writeText(results, format.text(), output, stdout);
        } else if (status.isEmpty() && format.json() != null && format.text() == null && !format.terse()) {
            writeJson(results, format.json(), output, stdout);
        } else {
            writeCombined(results, format, status, output, stdout);
        }
    }

    /**
     * What fio prints at one report, in fio's order: the terse lines, the JSON document, the text's job blocks
     * (without the header printed once before the run).
     */
    static String cycle(SimulationResult result, OutputSelection format) {
        StringBuilder out = new StringBuilder(4096);
        if (format.terse()) {
            out.append(FioTerseReport.render(result, format.terseVersion()));
        }
        if (format.json() != null) {
            out.append(FioJsonReport.render(result, format.json()));
        }
        if (format.text() != null) {
            out.append(FioNormalReport.body(result, format.text()));
        }
        return out.toString();
    }

    /**
     * Several formats, or status reports: each scheduler's whole fio output (the text header once, each status
     * report, the final report); on standard output one after another (under {@code ==> scheduler: NAME} banners
     * and followed by the comparison table when text is printed), to {@code --output} one file per scheduler
     * named as the JSON documents are ({@link FioJsonReport#documentPath}).
     */
    private static void writeCombined(List<SimulationResult> results, OutputSelection format,
                                      Map<String, List<String>> status, Path output, PrintWriter stdout) {
        boolean several = results.size() > 1;
        StringBuilder all = new StringBuilder();
        for (SimulationResult result : results) {
            StringBuilder text = new StringBuilder();
            if (format.text() != null) {
                text.append(FioNormalReport.header(result, format.text()));
            }
            for (String report : status.getOrDefault(result.scheduler(), List.of())) {
                text.append(report);
            }
            text.append(cycle(result, format));
            if (output != null) {
                writeFile(FioJsonReport.documentPath(output, result.scheduler(), results.size()), text.toString());
                continue;
            }
            if (several && format.text() != null) {
                all.append("==> scheduler: ").append(result.scheduler()).append('\n').append(text).append('\n');
            } else {
                all.append(text);
            }
        }
        if (output != null) {
            return;
        }
        if (several && format.text() != null) {
            all.append("Comparison (").append(results.get(0).device()).append(", seed ")
                    .append(results.get(0).seed()).append("):\n");
            all.append(comparison(results).renderTransposed(ComparisonTable.Format.TEXT));
        }
        stdout.print(all);
        stdout.flush();
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
