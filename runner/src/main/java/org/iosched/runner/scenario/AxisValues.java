package org.iosched.runner.scenario;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/**
 * The values of a swept axis ({@code values:}): a range {@code FROM..TO [step STEP]} or a list. A range holds
 * every {@code FROM + i * STEP} up to and including {@code TO}; it is an integer range when all three numbers
 * are integers and a decimal range otherwise, every value then written with the most decimals any of the
 * three has ({@code 0.5..2 step 0.5}: 0.5, 1.0, 1.5, 2.0), computed in decimal so that no value drifts.
 */
final class AxisValues {
    /** The most values one range may give (the axes together may make at most 10,000,000 combinations). */
    static final int MAX_RANGE_VALUES = 1_000_000;

    private static final String NUMBER = "(-?[0-9]+(?:\\.[0-9]+)?)";
    private static final Pattern RANGE = Pattern.compile("\\s*" + NUMBER + "\\s*\\.\\.\\s*" + NUMBER
            + "(?:\\s+step\\s+" + NUMBER + ")?\\s*");
    private static final String ACCEPTED = "accepted: FROM..TO or FROM..TO step STEP (integers or decimals,"
            + " FROM <= TO, STEP > 0; 0..16 step 2, 0.5..2 step 0.5) or a list [0, 4, 8]";

    private AxisValues() {
    }

    /**
     * One value of a swept axis.
     *
     * @param text the value as the setting or env variable takes it
     * @param line its line
     */
    record Value(String text, int line) {
    }

    /**
     * The values {@code node} gives.
     *
     * @param file the scenario file, for messages
     * @param axis the axis name, for messages
     */
    static List<Value> parse(String file, YamlNode node, String axis) {
        if (node instanceof YamlNode.Sequence sequence) {
            List<Value> values = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (YamlNode item : sequence.items()) {
                YamlNode.Scalar s = MappingFields.scalar(file, item, "a value of axis " + axis);
                String value = s.text().trim();
                if (value.isEmpty()) {
                    throw new InvalidInputException(file, s.line(), "axis '" + axis + "' has an empty value; " + ACCEPTED);
                }
                for (int i = 0; i < value.length(); i++) {
                    if (Character.isISOControl(value.charAt(i))) {
                        throw new InvalidInputException(file, s.line(), "a value of axis '" + axis + "' holds a control"
                                + " character; a value is one line of printable text");
                    }
                }
                if (!seen.add(value)) {
                    throw new InvalidInputException(file, s.line(), "axis '" + axis + "' lists the value '"
                            + InputText.echo(value) + "' twice");
                }
                values.add(new Value(value, s.line()));
            }
            if (values.isEmpty()) {
                throw new InvalidInputException(file, node.line(), "axis '" + axis + "' has no values; " + ACCEPTED);
            }
            return values;
        }
        if (!(node instanceof YamlNode.Scalar s) || s.text() == null) {
            throw new InvalidInputException(file, node.line(), "values of axis '" + axis + "' is " + node.describe()
                    + "; " + ACCEPTED);
        }
        return range(file, s.line(), axis, s.text());
    }

    /** The values of the range {@code text}. */
    static List<Value> range(String file, int line, String axis, String text) {
        Matcher m = RANGE.matcher(text);
        if (!m.matches()) {
            throw new InvalidInputException(file, line, "bad range '" + InputText.echo(text) + "' for axis '" + axis
                    + "'; " + ACCEPTED);
        }
        BigDecimal from = new BigDecimal(m.group(1));
        BigDecimal to = new BigDecimal(m.group(2));
        BigDecimal step = m.group(3) == null ? BigDecimal.ONE : new BigDecimal(m.group(3));
        if (step.signum() <= 0) {
            throw new InvalidInputException(file, line, "range '" + InputText.echo(text) + "' of axis '" + axis
                    + "' has step " + step.toPlainString() + "; " + ACCEPTED);
        }
        if (to.compareTo(from) < 0) {
            throw new InvalidInputException(file, line, "range '" + InputText.echo(text) + "' of axis '" + axis
                    + "' ends below its start; " + ACCEPTED);
        }
        BigInteger steps = to.subtract(from).divideToIntegralValue(step).toBigInteger();
        if (steps.compareTo(BigInteger.valueOf(MAX_RANGE_VALUES - 1)) > 0) {
            throw new InvalidInputException(file, line, "range '" + InputText.echo(text) + "' of axis '" + axis
                    + "' gives " + steps.add(BigInteger.ONE) + " values; accepted: at most " + MAX_RANGE_VALUES);
        }
        int scale = Math.max(0, Math.max(from.scale(), Math.max(to.scale(), step.scale())));
        int count = steps.intValueExact() + 1;
        List<Value> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            values.add(new Value(from.add(step.multiply(BigDecimal.valueOf(i))).setScale(scale).toPlainString(), line));
        }
        return values;
    }
}
