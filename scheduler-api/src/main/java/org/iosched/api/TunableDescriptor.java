package org.iosched.api;

import java.util.List;
import java.util.Objects;

/**
 * A tunable a provider declares: the sysfs-style knob a user sets with {@code --set plugin.name=value}.
 * Names, units and defaults follow the kernel where the kernel has the knob.
 *
 * @param name         the name ({@code fifo_batch}, {@code slice_idle})
 * @param type         value type
 * @param defaultValue the default, as the user would write it
 * @param unit         unit of the written value ({@code ms}, {@code requests}, {@code sectors}, or empty)
 * @param min          smallest accepted value (numeric types)
 * @param max          largest accepted value (numeric types)
 * @param choices      accepted words ({@link TunableType#CHOICE})
 * @param description  one line
 */
public record TunableDescriptor(String name, TunableType type, String defaultValue, String unit,
                                double min, double max, List<String> choices, String description) {

    /** Validates the declaration itself. */
    public TunableDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        unit = unit == null ? "" : unit;
        choices = choices == null ? List.of() : List.copyOf(choices);
        description = description == null ? "" : description;
        if (!name.matches("[a-z][a-z0-9_.]*")) {
            throw new IllegalArgumentException("tunable name must be lower case with _ or .: " + name);
        }
        if (type == TunableType.CHOICE && choices.isEmpty()) {
            throw new IllegalArgumentException("choice tunable " + name + " needs choices");
        }
    }

    /** An integer tunable. */
    public static TunableDescriptor integer(String name, long defaultValue, String unit, long min, long max,
                                            String description) {
        return new TunableDescriptor(name, TunableType.INTEGER, Long.toString(defaultValue), unit, min, max,
                List.of(), description);
    }

    /** A decimal tunable. */
    public static TunableDescriptor decimal(String name, double defaultValue, String unit, double min, double max,
                                            String description) {
        return new TunableDescriptor(name, TunableType.DECIMAL, stripZeros(defaultValue), unit, min, max,
                List.of(), description);
    }

    /** A boolean tunable, written 0/1 as in sysfs. */
    public static TunableDescriptor bool(String name, boolean defaultValue, String description) {
        return new TunableDescriptor(name, TunableType.BOOLEAN, defaultValue ? "1" : "0", "", 0, 1, List.of(),
                description);
    }

    /** A tunable that takes one of several words. */
    public static TunableDescriptor choice(String name, String defaultValue, List<String> choices,
                                           String description) {
        return new TunableDescriptor(name, TunableType.CHOICE, defaultValue, "", 0, 0, choices, description);
    }

    /** A free-text tunable. */
    public static TunableDescriptor text(String name, String defaultValue, String description) {
        return new TunableDescriptor(name, TunableType.TEXT, defaultValue, "", 0, 0, List.of(), description);
    }

    /** What the tunable accepts, for error messages and {@code iosched list}. */
    public String accepted() {
        return switch (type) {
            case INTEGER -> "an integer " + stripZeros(min) + ".." + stripZeros(max) + (unit.isEmpty() ? "" : " (" + unit + ")");
            case DECIMAL -> "a number " + stripZeros(min) + ".." + stripZeros(max) + (unit.isEmpty() ? "" : " (" + unit + ")");
            case BOOLEAN -> "0 or 1";
            case CHOICE -> "one of " + String.join(", ", choices);
            case TEXT -> "text";
        };
    }

    static String stripZeros(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        if (value >= (double) Long.MAX_VALUE) {
            // Long.MAX_VALUE as a range bound rounds up to 2^63 as a double: print the long it stands for
            return Long.toString(Long.MAX_VALUE);
        }
        if (value == Math.rint(value) && !Double.isInfinite(value)) {
            return new java.math.BigDecimal(value).toPlainString();
        }
        return Double.toString(value);
    }
}
