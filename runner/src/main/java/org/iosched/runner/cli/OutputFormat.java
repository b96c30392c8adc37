package org.iosched.runner.cli;

import java.util.Locale;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/** The {@code --output-format} values of {@code iosched run}. */
public enum OutputFormat {
    /** fio 3.x normal text, then a comparison table when several schedulers ran. */
    NORMAL,
    /** fio 1.5x text with {@code aggrb=/minb=/maxb=/mint=/maxt=}, the form the 2009-2011 threads quote. */
    NORMAL_2011,
    /** fio 3.x JSON, one document per scheduler. */
    JSON,
    /** fio 3.x JSON with latency histogram bins. */
    JSON_PLUS;

    /** The name on the command line. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace("_plus", "+").replace('_', '-');
    }

    /** Parse a command-line name. */
    public static OutputFormat fromCliName(String name) {
        for (OutputFormat format : values()) {
            if (format.cliName().equals(name)) {
                return format;
            }
        }
        throw new InvalidInputException("--output-format", 0,
                "unknown format '" + InputText.echo(name) + "'; accepted: normal, normal-2011, json, json+");
    }
}
