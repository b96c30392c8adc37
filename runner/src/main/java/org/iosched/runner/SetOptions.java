package org.iosched.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/**
 * The {@code --set KEY=VALUE} options of a run, routed by the key's first word: {@code device.*} to the
 * device, {@code queue.*}/{@code kernel.*}/{@code vm.*}/{@code fs.*} to the simulated kernel, a scheduler's
 * name to that scheduler, a workload's name to that workload, a bio controller's name ({@code ioband},
 * {@code throttle}) to that controller, which the key turns on. Values are in sysfs units. A key set twice, or
 * with a prefix nobody owns, is an error.
 */
public final class SetOptions {
    /** Prefixes the simulated kernel owns (the simulator validates the names behind them). */
    public static final Set<String> KERNEL_PREFIXES = Set.of("queue", "kernel", "vm", "fs", "cpu");

    private final Map<String, Map<String, String>> byOwner = new TreeMap<>();
    private final Map<String, String> kernel = new LinkedHashMap<>();

    private SetOptions() {
    }

    /**
     * Parse and route.
     *
     * @param assignments   the raw {@code KEY=VALUE} strings
     * @param knownOwners   plugin names that may own keys ({@code device}, every scheduler and workload name)
     */
    public static SetOptions parse(List<String> assignments, Set<String> knownOwners) {
        SetOptions options = new SetOptions();
        Map<String, String> seen = new LinkedHashMap<>();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            int dot = assignment.indexOf('.');
            if (eq <= 0 || dot <= 0 || dot > eq || dot == eq - 1) {
                throw new InvalidInputException("--set", 0, "expected KEY=VALUE with KEY as <plugin>.<tunable> "
                        + "(deadline.fifo_batch=1, device.queue_depth=1, queue.nr_requests=64), not '" + InputText.echo(assignment) + "'");
            }
            String key = assignment.substring(0, eq).trim();
            String value = assignment.substring(eq + 1).trim();
            if (seen.put(key, value) != null) {
                throw new InvalidInputException("--set", 0, InputText.echo(key) + " is set twice");
            }
            String owner = key.substring(0, dot);
            String name = key.substring(dot + 1);
            if (KERNEL_PREFIXES.contains(owner)) {
                options.kernel.put(key, value);
            } else if (knownOwners.contains(owner)) {
                options.byOwner.computeIfAbsent(owner, o -> new LinkedHashMap<>()).put(name, value);
            } else {
                throw new InvalidInputException("--set", 0, "unknown key prefix '" + owner + "' in " + key
                        + "; accepted: device, " + String.join(", ", new TreeMap<>(toMap(knownOwners)).keySet())
                        + ", " + String.join(", ", new TreeMap<>(toMap(KERNEL_PREFIXES)).keySet()));
            }
        }
        return options;
    }

    private static Map<String, Boolean> toMap(Set<String> names) {
        Map<String, Boolean> map = new TreeMap<>();
        for (String n : names) {
            if (!n.equals("device")) {
                map.put(n, Boolean.TRUE);
            }
        }
        return map;
    }

    /** The tunables set for {@code owner} (without the prefix); empty when none. */
    public Map<String, String> forOwner(String owner) {
        return byOwner.getOrDefault(owner, Map.of());
    }

    /** Every owner that received at least one key. */
    public Set<String> owners() {
        return byOwner.keySet();
    }

    /** The kernel settings, keys with their prefix ({@code queue.nr_requests}). */
    public Map<String, String> kernel() {
        return kernel;
    }
}
