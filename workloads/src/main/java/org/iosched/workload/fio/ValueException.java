package org.iosched.workload.fio;

/**
 * A value that does not parse; {@link JobOptionsBinder} adds the option, file and line. Carries only a
 * message: it is a control-flow signal of the parser, never shown with a stack trace.
 */
final class ValueException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ValueException(String detail) {
        super(detail, null, false, false);
    }
}
