package org.iosched.runner.scenario;

/**
 * A plugin name as a scenario gives it ({@code scheduler: cfq}, {@code device: hdd-7200}), with its line.
 *
 * @param name the name
 * @param line the line it is on in the scenario file (0 when it came from the command line)
 */
public record Named(String name, int line) {
}
