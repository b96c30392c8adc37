package org.iosched.runner.scenario;

/**
 * A number the seed thread reports, printed beside ours: a number ({@code 49}) or a text ({@code ~100},
 * {@code 30001msec}) as written.
 *
 * @param text   as written
 * @param number whether it is a plain number (JSON output then writes it as one)
 */
public record ReferenceValue(String text, boolean number) {
}
