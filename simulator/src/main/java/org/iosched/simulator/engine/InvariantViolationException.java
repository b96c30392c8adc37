package org.iosched.simulator.engine;

/**
 * A broken simulation invariant (a bio completed twice, a request dispatched twice, a device above its
 * queue depth, time going backwards). The message names the plugin involved. It is an
 * {@link IllegalStateException} so that callers need no special handling; the plugin guards let it pass
 * unchanged rather than wrapping it.
 */
public final class InvariantViolationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message what broke, naming the plugin involved */
    public InvariantViolationException(String message) {
        super(message);
    }
}
