package org.iosched.api;

/**
 * A user error: a bad job file, option, tunable or value. The runner prints {@link #getMessage()} as one
 * line ({@code file:line: message}) and exits with code 2, without a stack trace.
 */
public class InvalidInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String detail;

    /**
     * @param source the file or option source ({@code job.fio}, {@code --set}), or null
     * @param line   1-based line number, or 0 when there is none
     * @param detail what is wrong and what is accepted
     */
    public InvalidInputException(String source, int line, String detail) {
        super(format(source, line, detail));
        this.source = source;
        this.line = line;
        this.detail = detail;
    }

    /** An error without a file position. */
    public InvalidInputException(String detail) {
        this(null, 0, detail);
    }

    private static String format(String source, int line, String detail) {
        if (source == null) {
            return detail;
        }
        return line > 0 ? source + ":" + line + ": " + detail : source + ": " + detail;
    }

    /** The file or option source, or null. */
    public String source() {
        return source;
    }

    /** 1-based line, or 0. */
    public int line() {
        return line;
    }

    /** The message without the position. */
    public String detail() {
        return detail;
    }
}
