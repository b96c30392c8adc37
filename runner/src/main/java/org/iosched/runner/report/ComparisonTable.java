package org.iosched.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.SimulationResult;

/**
 * A table comparing simulations, one row per configuration (a scheduler, a switch, a device...) and one
 * column per chosen metric, like the tables in the seed threads. Columns are generic: a label and a function
 * of the result ({@link ComparisonColumns} has the usual ones: bandwidth, IOPS, mean, max and p99 clat per
 * job or group). A row either carries a simulation, whose cells the columns compute, or brings its cells
 * already computed (values aggregated over several seeds, say). Rendered as aligned plain text, as a
 * Markdown table or as CSV.
 */
public final class ComparisonTable {
    /** Text layouts. */
    public enum Format {
        /** Aligned columns: the first left-aligned, the metrics right-aligned, a dashed rule under the header. */
        TEXT,
        /** A GitHub-flavoured Markdown table, metric columns right-aligned. */
        MARKDOWN,
        /** RFC 4180 CSV, header first, fields quoted where needed. */
        CSV;

        /** The name on the command line: {@code text}, {@code markdown}, {@code csv}. */
        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The format named {@code name}.
         *
         * @throws InvalidInputException naming the accepted names
         */
        public static Format fromCliName(String name) {
            for (Format format : values()) {
                if (format.cliName().equals(name)) {
                    return format;
                }
            }
            throw new InvalidInputException("--table-format", 0,
                    "unknown table format '" + name + "'; accepted: text, markdown, csv");
        }
    }

    /**
     * One metric column.
     *
     * @param label the header
     * @param value the cell for a result, as text ({@code "-"} when the result lacks the metric)
     */
    public record Column(String label, Function<SimulationResult, String> value) {
        /** Validates. */
        public Column {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(value, "value");
        }

        /**
         * A column whose cells the rows bring themselves ({@link Row#Row(String, List)}); a row with a
         * simulation shows {@code "-"} in it.
         */
        public Column(String label) {
            this(label, result -> ComparisonColumns.MISSING);
        }
    }

    /**
     * One configuration: its simulation, whose cells the columns compute, or its cells already computed.
     *
     * @param label  what distinguishes it ({@code cfq}, {@code cfq slice_idle=0})
     * @param result its simulation, or null when the row brings its cells
     * @param cells  its cells, one per column in column order, or null when the columns compute them
     */
    public record Row(String label, SimulationResult result, List<String> cells) {
        /**
         * Validates: exactly one of {@code result} and {@code cells}.
         *
         * @throws IllegalArgumentException when both or neither are given
         */
        public Row {
            Objects.requireNonNull(label, "label");
            if ((result == null) == (cells == null)) {
                throw new IllegalArgumentException("row '" + label + "' needs a result or its cells, not "
                        + (result == null ? "neither" : "both"));
            }
            cells = cells == null ? null : List.copyOf(cells);
        }

        /** A row whose cells the columns compute from {@code result}. */
        public Row(String label, SimulationResult result) {
            this(label, Objects.requireNonNull(result, "result"), null);
        }

        /** A row with its cells already computed, one per column, in column order. */
        public Row(String label, List<String> cells) {
            this(label, null, Objects.requireNonNull(cells, "cells"));
        }
    }

    private final String rowHeader;
    private final List<Column> columns;
    private final List<Row> rows;

    /**
     * @param rowHeader the first column's header ({@code scheduler}, {@code configuration})
     * @param columns   the metric columns, in order
     * @param rows      the configurations, in order
     * @throws IllegalArgumentException when a row brings a number of cells other than the number of columns
     */
    public ComparisonTable(String rowHeader, List<Column> columns, List<Row> rows) {
        this.rowHeader = rowHeader;
        this.columns = List.copyOf(columns);
        this.rows = List.copyOf(rows);
        for (Row row : this.rows) {
            if (row.cells() != null && row.cells().size() != this.columns.size()) {
                throw new IllegalArgumentException("row '" + row.label() + "' has " + row.cells().size()
                        + " cells for " + this.columns.size() + " columns");
            }
        }
    }

    /** The table as text, each line ending with a newline. */
    public String render(Format format) {
        List<List<String>> cells = cells();
        return switch (format) {
            case TEXT -> text(cells);
            case MARKDOWN -> markdown(cells);
            case CSV -> csv(cells);
        };
    }

    /**
     * The table turned on its side: one row per metric, one column per configuration. Easier to read in a
     * terminal when there are many metrics and few configurations (the demonstration).
     */
    public String renderTransposed(Format format) {
        List<List<String>> cells = cells();
        List<List<String>> turned = new ArrayList<>(cells.get(0).size());
        for (int c = 0; c < cells.get(0).size(); c++) {
            List<String> line = new ArrayList<>(cells.size());
            for (List<String> row : cells) {
                line.add(row.get(c));
            }
            turned.add(line);
        }
        return switch (format) {
            case TEXT -> text(turned);
            case MARKDOWN -> markdown(turned);
            case CSV -> csv(turned);
        };
    }

    /** Header row first, then one row per configuration. */
    /** The header line (row header, then the column labels) and the rows' lines, each label first: for HTML. */
    public List<List<String>> grid() {
        return cells();
    }

    private List<List<String>> cells() {
        List<List<String>> cells = new ArrayList<>(rows.size() + 1);
        List<String> header = new ArrayList<>(columns.size() + 1);
        header.add(rowHeader);
        for (Column column : columns) {
            header.add(column.label());
        }
        cells.add(header);
        for (Row row : rows) {
            List<String> line = new ArrayList<>(columns.size() + 1);
            line.add(row.label());
            if (row.cells() != null) {
                line.addAll(row.cells());
                cells.add(line);
                continue;
            }
            for (Column column : columns) {
                line.add(column.value().apply(row.result()));
            }
            cells.add(line);
        }
        return cells;
    }

    private static String text(List<List<String>> cells) {
        int[] widths = new int[cells.get(0).size()];
        for (List<String> line : cells) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            List<String> line = cells.get(r);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                if (i > 0) {
                    text.append("  ");
                }
                text.append(i == 0 ? rightPad(line.get(i), widths[i]) : CFormat.leftPad(line.get(i), widths[i]));
            }
            out.append(stripTrailing(text)).append('\n');
            if (r == 0) {
                StringBuilder rule = new StringBuilder();
                for (int i = 0; i < widths.length; i++) {
                    if (i > 0) {
                        rule.append("  ");
                    }
                    rule.append("-".repeat(widths[i]));
                }
                out.append(rule).append('\n');
            }
        }
        return out.toString();
    }

    private static String markdown(List<List<String>> cells) {
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            out.append('|');
            for (String cell : cells.get(r)) {
                out.append(' ').append(cell.replace("|", "\\|")).append(" |");
            }
            out.append('\n');
            if (r == 0) {
                out.append("|---|");
                for (int i = 1; i < cells.get(0).size(); i++) {
                    out.append("---:|");
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static String csv(List<List<String>> cells) {
        StringBuilder out = new StringBuilder();
        for (List<String> line : cells) {
            for (int i = 0; i < line.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(csvField(line.get(i)));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String csvField(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }

    private static String rightPad(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }

    private static String stripTrailing(StringBuilder text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == ' ') {
            end--;
        }
        return text.substring(0, end);
    }
}
