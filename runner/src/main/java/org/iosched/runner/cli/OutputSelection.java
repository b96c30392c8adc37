package org.iosched.runner.cli;

import java.util.LinkedHashSet;
import java.util.Set;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.report.FioJsonReport;
import org.iosched.runner.report.FioNormalReport;
import org.iosched.workload.text.InputText;

/**
 * What {@code --output-format} asks for: fio's comma-separated list ({@code normal,terse}, {@code json,terse},
 * {@code terse,json+}), at most one text layout and one JSON flavour ({@code json+} includes {@code json}, as in
 * fio). Each report cycle prints the terse lines first, then the JSON document, then the text, in fio's order
 * (stat.c {@code __show_run_stats} fills one buffer per format and writes them in that order).
 *
 * @param text         the text layout, or null
 * @param json         the JSON flavour, or null
 * @param terse        whether the terse lines are printed
 * @param terseVersion {@code --terse-version} (2 to 5)
 */
record OutputSelection(FioNormalReport.Format text, FioJsonReport.Format json, boolean terse, int terseVersion) {
    private static final String ACCEPTED = "normal, normal-2011, json, json+, terse, or a comma-separated list of"
            + " them (normal,terse)";

    /**
     * Parses {@code --output-format}.
     *
     * @throws InvalidInputException naming what is accepted, for an unknown name, an empty entry or two text
     *                               layouts
     */
    static OutputSelection parse(String list, int terseVersion) {
        FioNormalReport.Format text = null;
        FioJsonReport.Format json = null;
        boolean terse = false;
        Set<String> seen = new LinkedHashSet<>();
        for (String name : list.split(",", -1)) {
            if (name.isEmpty()) {
                throw new InvalidInputException("--output-format", 0, "empty format in '" + InputText.echo(list)
                        + "'; accepted: " + ACCEPTED);
            }
            seen.add(name);
            switch (name) {
                case "normal", "normal-2011" -> {
                    FioNormalReport.Format layout = FioNormalReport.Format.fromCliName(name);
                    if (text != null && text != layout) {
                        throw new InvalidInputException("--output-format", 0,
                                "normal and normal-2011 cannot both be printed; accepted: " + ACCEPTED);
                    }
                    text = layout;
                }
                case "json" -> json = json == null ? FioJsonReport.Format.JSON : json;
                case "json+" -> json = FioJsonReport.Format.JSON_PLUS;
                case "terse" -> terse = true;
                default -> throw new InvalidInputException("--output-format", 0,
                        "unknown format '" + InputText.echo(name) + "'; accepted: " + ACCEPTED);
            }
        }
        return new OutputSelection(text, json, terse, terseVersion);
    }

    /** Only a text layout: the report keeps its one-file form with scheduler banners and a comparison table. */
    boolean textOnly() {
        return text != null && json == null && !terse;
    }
}
