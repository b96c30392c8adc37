package org.iosched.runner.scenario;

import java.util.List;

/**
 * One dimension of a scenario's matrix ({@code scheduler}, {@code barrier}, {@code readers}): rows are the
 * cartesian product of every axis's variants, in the order the axes and variants are written.
 *
 * @param name     the axis name, which {@code exclude:} and {@code reference:} rows use
 * @param line     line of its {@code name:}
 * @param variants its variants, at least one
 */
public record Axis(String name, int line, List<Variant> variants) {
    /** Copies the variants. */
    public Axis {
        variants = List.copyOf(variants);
    }

    /** The variant labelled {@code label}, or null. */
    public Variant variant(String label) {
        for (Variant v : variants) {
            if (v.label().equals(label)) {
                return v;
            }
        }
        return null;
    }
}
