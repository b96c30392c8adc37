package org.iosched.runner.scenario;

import java.util.Locale;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/** The {@code --output-format} values of {@code iosched scenario}. */
public enum ScenarioFormat {
    /** A title, the device and seeds, and an aligned table; the thread's numbers in a column beside ours. */
    TEXT,
    /** The same as a Markdown section with a GitHub-flavoured table. */
    MARKDOWN,
    /** One CSV line per row: mean, min and max per metric as plain numbers, then the thread's number. */
    CSV,
    /** Everything: the scenario, every row's settings, per-seed values, aggregates and references. */
    JSON;

    /** The name on the command line. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The format named {@code name}.
     *
     * @throws InvalidInputException naming the accepted names
     */
    public static ScenarioFormat fromCliName(String name) {
        for (ScenarioFormat f : values()) {
            if (f.cliName().equals(name)) {
                return f;
            }
        }
        throw new InvalidInputException("--output-format", 0, "unknown format '" + InputText.echo(name)
                + "'; accepted: text, markdown, csv, json");
    }
}
