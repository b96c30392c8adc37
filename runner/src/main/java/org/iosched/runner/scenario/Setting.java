package org.iosched.runner.scenario;

/**
 * One {@code KEY: VALUE} of a scenario's {@code set:} map (or a {@code --set KEY=VALUE} option), in the same
 * key space as {@code iosched run --set}: {@code cfq.slice_idle}, {@code device.queue_depth},
 * {@code queue.nr_requests}, {@code fs.barrier}, ...
 *
 * @param key    the key
 * @param value  the value as written (sysfs units)
 * @param origin where it was given: the scenario file, or {@code --set}
 * @param line   its line in {@code origin}, 0 for {@code --set}
 */
public record Setting(String key, String value, String origin, int line) {
    /** The key's first word: a scheduler or workload name, {@code device}, or a kernel prefix. */
    public String owner() {
        int dot = key.indexOf('.');
        return dot < 0 ? key : key.substring(0, dot);
    }

    /** {@code KEY=VALUE}, as {@link org.iosched.runner.SetOptions#parse} takes it. */
    public String assignment() {
        return key + "=" + value;
    }
}
