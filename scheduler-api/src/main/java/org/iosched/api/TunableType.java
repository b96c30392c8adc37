package org.iosched.api;

/** The value type of a {@link TunableDescriptor}. */
public enum TunableType {
    /** A whole number ({@code long} range), written in decimal. */
    INTEGER,
    /** A decimal number. */
    DECIMAL,
    /** {@code 0}/{@code 1}, also {@code true}/{@code false}, {@code on}/{@code off}, {@code yes}/{@code no}. */
    BOOLEAN,
    /** One of a fixed list of words. */
    CHOICE,
    /** Free text. */
    TEXT
}
