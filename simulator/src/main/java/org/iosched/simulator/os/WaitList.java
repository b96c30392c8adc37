package org.iosched.simulator.os;

import java.util.Arrays;

/**
 * A wait queue ({@code wait_queue_head_t}): tasks sleeping until something happens. Waking wakes all of them;
 * each re-checks what it waits for when it runs, as kernel wait loops do. Tasks are woken in the order they
 * went to sleep.
 */
final class WaitList {
    private TaskContext[] waiters = new TaskContext[4];
    private TaskContext[] scratch = new TaskContext[4];
    private int count;

    /** Add {@code task} (once). */
    void add(TaskContext task) {
        for (int i = 0; i < count; i++) {
            if (waiters[i] == task) {
                return;
            }
        }
        if (count == waiters.length) {
            waiters = Arrays.copyOf(waiters, count * 2);
        }
        waiters[count++] = task;
    }

    /** Remove {@code task} if present. */
    void remove(TaskContext task) {
        for (int i = 0; i < count; i++) {
            if (waiters[i] == task) {
                System.arraycopy(waiters, i + 1, waiters, i, count - i - 1);
                waiters[--count] = null;
                return;
            }
        }
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Wake every waiter ({@code wake_up_all}); they leave the list. */
    void wakeAll() {
        if (count == 0) {
            return;
        }
        if (scratch.length < count) {
            scratch = new TaskContext[waiters.length];
        }
        int n = count;
        System.arraycopy(waiters, 0, scratch, 0, n);
        Arrays.fill(waiters, 0, n, null);
        count = 0;
        for (int i = 0; i < n; i++) {
            TaskContext t = scratch[i];
            scratch[i] = null;
            t.wake();
        }
    }
}
