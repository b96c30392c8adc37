package org.iosched.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Independent simulations in parallel: each simulation is single-threaded and deterministic, so running several
 * at once on a pool changes nothing but the wall-clock time. The only place the runner runs simulations on
 * threads (the {@link Watchdog} has one thread of its own, which only watches).
 */
public final class Parallel {
    private Parallel() {
    }

    /** A fixed pool of daemon threads named {@code name}. */
    public static ExecutorService pool(String name, int threads) {
        return Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The result of {@code future}, with the task's own exception rethrown as it was (a runtime exception), an
     * {@link IOException} as {@link UncheckedIOException}, anything else wrapped.
     */
    public static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new IllegalStateException(cause);
        }
    }
}
