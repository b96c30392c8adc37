package org.iosched.simulator.blk;

import java.util.IdentityHashMap;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.Task;

/**
 * One bio controller in the {@link BioLayer}'s stack: the controller, the bios it holds (taken and not yet
 * passed down), the contexts asleep in it by task, and its worker context.
 */
final class ControllerStage {
    final int index;
    final String name;
    /** The controller's name in messages and timers ({@code bio controller ioband}). */
    final String label;
    final BioControllerHost host;
    final Lane worker;
    BioController controller;
    /** Bios submitted to the controller and not passed down yet. */
    final IdentityHashMap<Bio, Boolean> held = new IdentityHashMap<>();
    /** Contexts asleep in the controller, by the task it was told sleeps; several in FIFO order. */
    private final IdentityHashMap<Task, Lane> sleepers = new IdentityHashMap<>();
    private int sleeping;

    ControllerStage(int index, String name, BioControllerHost host) {
        this.index = index;
        this.name = name;
        this.label = "bio controller " + name;
        this.host = host;
        this.worker = new Lane(null, index);
    }

    void addSleeper(Task task, Lane lane) {
        lane.nextSleeper = null;
        Lane first = sleepers.get(task);
        if (first == null) {
            sleepers.put(task, lane);
        } else {
            Lane last = first;
            while (last.nextSleeper != null) {
                last = last.nextSleeper;
            }
            last.nextSleeper = lane;
        }
        sleeping++;
    }

    /** The context asleep longest for {@code task}, removed; null when none sleeps. */
    Lane removeSleeper(Task task) {
        Lane first = sleepers.remove(task);
        if (first == null) {
            return null;
        }
        if (first.nextSleeper != null) {
            sleepers.put(task, first.nextSleeper);
            first.nextSleeper = null;
        }
        sleeping--;
        return first;
    }

    /** Contexts asleep in this controller. */
    int sleeping() {
        return sleeping;
    }
}
