package org.iosched.workload.fio;

import org.iosched.workload.text.InputText;

/**
 * fio's arithmetic in option values ({@code evaluate_arithmetic_expression}, used when a value starts with
 * {@code (}; HOWTO "Arithmetic"): {@code + - * / % ^} and parentheses over numbers that may carry the
 * option's unit suffix, e.g. {@code size=(10*1g)} or {@code runtime=(1m+30s)}.
 */
final class FioExpression {
    /** Converts a number with its suffix (possibly empty) to the option's base unit. */
    @FunctionalInterface
    interface UnitScale {
        /**
         * @param suffix the letters after the number, lower case, possibly empty
         * @return the multiplier, or NaN if the suffix is not a unit of this option
         */
        double multiplier(String suffix);
    }

    private final String text;
    private final UnitScale units;
    private int pos;

    private FioExpression(String text, UnitScale units) {
        this.text = text;
        this.units = units;
    }

    /**
     * Evaluate {@code text}.
     *
     * @throws ValueException when it is not a well-formed expression
     */
    static double evaluate(String text, UnitScale units) {
        FioExpression e = new FioExpression(text, units);
        double v = e.sum();
        e.skipBlanks();
        if (e.pos != text.length()) {
            throw new ValueException("unexpected '" + InputText.echo(String.valueOf(text.charAt(e.pos)))
                    + "' in expression " + InputText.echo(text));
        }
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw new ValueException("expression " + InputText.echo(text) + " has no finite value");
        }
        return v;
    }

    private double sum() {
        double v = product();
        while (true) {
            skipBlanks();
            if (accept('+')) {
                v += product();
            } else if (accept('-')) {
                v -= product();
            } else {
                return v;
            }
        }
    }

    private double product() {
        double v = power();
        while (true) {
            skipBlanks();
            if (accept('*')) {
                v *= power();
            } else if (accept('/')) {
                double d = power();
                if (d == 0) {
                    throw new ValueException("division by zero in expression " + InputText.echo(text));
                }
                v /= d;
            } else if (accept('%')) {
                double d = power();
                if (d == 0) {
                    throw new ValueException("modulo by zero in expression " + InputText.echo(text));
                }
                v %= d;
            } else {
                return v;
            }
        }
    }

    private double power() {
        double base = unary();
        skipBlanks();
        if (accept('^')) {
            return Math.pow(base, power());
        }
        return base;
    }

    private double unary() {
        skipBlanks();
        if (accept('-')) {
            return -unary();
        }
        if (accept('+')) {
            return unary();
        }
        return primary();
    }

    private double primary() {
        skipBlanks();
        if (accept('(')) {
            double v = sum();
            skipBlanks();
            if (!accept(')')) {
                throw new ValueException("missing ')' in expression " + InputText.echo(text));
            }
            return v;
        }
        int start = pos;
        while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw new ValueException("expected a number at position " + (start + 1) + " of expression "
                    + InputText.echo(text));
        }
        double number;
        try {
            number = Double.parseDouble(text.substring(start, pos));
        } catch (NumberFormatException e) {
            throw new ValueException("bad number '" + InputText.echo(text.substring(start, pos)) + "' in expression "
                    + InputText.echo(text));
        }
        int suffixStart = pos;
        while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
            pos++;
        }
        String suffix = text.substring(suffixStart, pos).toLowerCase(java.util.Locale.ROOT);
        double m = units.multiplier(suffix);
        if (Double.isNaN(m)) {
            throw new ValueException("bad unit '" + InputText.echo(suffix) + "' in expression " + InputText.echo(text));
        }
        return number * m;
    }

    private void skipBlanks() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean accept(char c) {
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }
}
