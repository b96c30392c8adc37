package org.iosched.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Validated values for a provider's tunables: every declared tunable has a value (the user's or the
 * default), and no undeclared name is present. Built with {@link #resolve}; immutable.
 */
public final class Settings {
    private final String owner;
    private final Map<String, TunableDescriptor> descriptors;
    private final Map<String, String> values;

    private Settings(String owner, Map<String, TunableDescriptor> descriptors, Map<String, String> values) {
        this.owner = owner;
        this.descriptors = descriptors;
        this.values = values;
    }

    /**
     * Checks user values against declared tunables and fills in defaults (strict config: an unknown name
     * is an error that lists the valid ones; an out-of-range or malformed value names what is accepted).
     *
     * @param owner       the plugin name, used in messages ({@code deadline})
     * @param tunables    what the provider declares
     * @param userValues  name to value as the user wrote it
     * @throws InvalidInputException on an unknown name or a bad value
     */
    public static Settings resolve(String owner, List<TunableDescriptor> tunables, Map<String, String> userValues) {
        Map<String, TunableDescriptor> byName = new LinkedHashMap<>();
        for (TunableDescriptor t : tunables) {
            if (byName.put(t.name(), t) != null) {
                throw new IllegalArgumentException(owner + " declares tunable " + t.name() + " twice");
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (TunableDescriptor t : tunables) {
            values.put(t.name(), normalise(owner, t, t.defaultValue()));
        }
        for (Map.Entry<String, String> e : userValues.entrySet()) {
            TunableDescriptor t = byName.get(e.getKey());
            if (t == null) {
                List<String> names = new ArrayList<>(byName.keySet());
                Collections.sort(names);
                throw new InvalidInputException("unknown tunable '" + owner + "." + e.getKey() + "'; "
                        + owner + " accepts: " + (names.isEmpty() ? "none" : String.join(", ", names)));
            }
            values.put(t.name(), normalise(owner, t, e.getValue()));
        }
        return new Settings(owner, Collections.unmodifiableMap(byName), Collections.unmodifiableMap(values));
    }

    /** Settings with every default, for tests and embedding. */
    public static Settings defaults(String owner, List<TunableDescriptor> tunables) {
        return resolve(owner, tunables, Map.of());
    }

    private static String normalise(String owner, TunableDescriptor t, String raw) {
        String value = raw == null ? "" : raw.trim();
        String where = owner + "." + t.name() + "=" + raw;
        try {
            switch (t.type()) {
                case INTEGER -> {
                    long v = Long.parseLong(value);
                    if (v < t.min() || v > t.max()) {
                        throw bad(where, t);
                    }
                    return Long.toString(v);
                }
                case DECIMAL -> {
                    double v = Double.parseDouble(value);
                    if (Double.isNaN(v) || v < t.min() || v > t.max()) {
                        throw bad(where, t);
                    }
                    return TunableDescriptor.stripZeros(v);
                }
                case BOOLEAN -> {
                    return switch (value.toLowerCase(Locale.ROOT)) {
                        case "1", "true", "on", "yes" -> "1";
                        case "0", "false", "off", "no" -> "0";
                        default -> throw bad(where, t);
                    };
                }
                case CHOICE -> {
                    if (!t.choices().contains(value)) {
                        throw bad(where, t);
                    }
                    return value;
                }
                default -> {
                    return value;
                }
            }
        } catch (NumberFormatException e) {
            throw bad(where, t);
        }
    }

    private static InvalidInputException bad(String where, TunableDescriptor t) {
        return new InvalidInputException("bad value " + where + "; accepted: " + t.accepted());
    }

    /** The plugin these settings belong to. */
    public String owner() {
        return owner;
    }

    /** Every tunable's value as text, in declaration order. */
    public Map<String, String> asMap() {
        return values;
    }

    /** The declared tunables, by name, in declaration order. */
    public Map<String, TunableDescriptor> descriptors() {
        return descriptors;
    }

    /** An integer tunable's value. */
    public long getLong(String name) {
        return Long.parseLong(require(name, TunableType.INTEGER));
    }

    /** An integer tunable's value, which must fit an {@code int}. */
    public int getInt(String name) {
        return Math.toIntExact(getLong(name));
    }

    /** A decimal (or integer) tunable's value. */
    public double getDouble(String name) {
        TunableDescriptor t = descriptor(name);
        return Double.parseDouble(require(name, t.type() == TunableType.INTEGER ? TunableType.INTEGER : TunableType.DECIMAL));
    }

    /** A boolean tunable's value. */
    public boolean getBoolean(String name) {
        return require(name, TunableType.BOOLEAN).equals("1");
    }

    /** A choice or text tunable's value. */
    public String getString(String name) {
        TunableDescriptor t = descriptor(name);
        return require(name, t.type());
    }

    private TunableDescriptor descriptor(String name) {
        TunableDescriptor t = descriptors.get(name);
        if (t == null) {
            throw new IllegalArgumentException(owner + " has no tunable " + name);
        }
        return t;
    }

    private String require(String name, TunableType type) {
        TunableDescriptor t = descriptor(name);
        if (t.type() != type) {
            throw new IllegalArgumentException(owner + "." + name + " is " + t.type() + ", not " + type);
        }
        return values.get(name);
    }

    @Override
    public String toString() {
        return owner + values;
    }
}
