package org.iosched.simulator.blk;

import org.iosched.api.Bio;
import org.iosched.api.Task;
import org.iosched.simulator.engine.SimTimer;

/**
 * A context that submits bios through the {@link BioLayer}: an OS-model task, or a bio controller's worker
 * (timer and completion context). Like {@code current->bio_list} in {@code generic_make_request}, a bio a
 * controller passes down while the context is already submitting is queued behind the one in progress, so
 * stacking never recurses; and while the context sleeps (a controller said {@code SLEEP}, or the queue has no
 * free request) its later bios wait behind the one it sleeps on.
 */
final class Lane {
    /** The OS-model task, or null for a controller's worker. */
    final Task owner;
    /** The stage whose worker this is, or -1 for an OS-model task. */
    final int workerStage;
    /** Runs the woken context (resubmits its bio) as an event, after the waking code returns. */
    SimTimer wakeTimer;

    /** Bios waiting to go on, each with the stage it enters next; recycled nodes. */
    Pending head;
    Pending tail;
    /** Inside {@link BioLayer}'s drain loop. */
    boolean draining;
    /** Asleep on {@link #sleepBio}, which enters {@link #sleepStage} again when woken. */
    boolean asleep;
    Bio sleepBio;
    int sleepStage;
    /** The OS model was told that its submission sleeps, and waits to be resumed. */
    boolean osWaiting;
    /** The next lane asleep in the same controller for the same task. */
    Lane nextSleeper;

    Lane(Task owner, int workerStage) {
        this.owner = owner;
        this.workerStage = workerStage;
    }

    /** A bio waiting in a lane; recycled by the {@link BioLayer}. */
    static final class Pending {
        Bio bio;
        int stage;
        Pending next;
    }

    void append(Pending p) {
        p.next = null;
        if (tail == null) {
            head = p;
        } else {
            tail.next = p;
        }
        tail = p;
    }

    void push(Pending p) {
        p.next = head;
        head = p;
        if (tail == null) {
            tail = p;
        }
    }

    Pending poll() {
        Pending p = head;
        if (p != null) {
            head = p.next;
            if (head == null) {
                tail = null;
            }
            p.next = null;
        }
        return p;
    }

    @Override
    public String toString() {
        return owner != null ? owner.toString() : "worker of stage " + workerStage;
    }
}
