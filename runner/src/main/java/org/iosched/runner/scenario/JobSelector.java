package org.iosched.runner.scenario;

import java.util.regex.Pattern;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;

/**
 * Which jobs a metric column reads ({@code jobs:}): one job name (numjobs clones share it), a glob over job
 * names ({@code prio4-*}, {@code reader?}), or fio's reporting group {@code group:N}.
 */
public sealed interface JobSelector extends java.io.Serializable permits JobSelector.Name, JobSelector.Glob, JobSelector.Group {
    /** The selector as written. */
    String text();

    /** Whether {@code job} is selected. */
    boolean matches(JobDescriptor job);

    /** Whether it is meant to select several jobs (then the metric needs an {@code aggregate}). */
    boolean selectsSeveral();

    /**
     * Jobs named {@code name}.
     *
     * @param name the job name
     */
    record Name(String name) implements JobSelector {
        @Override
        public String text() {
            return name;
        }

        @Override
        public boolean matches(JobDescriptor job) {
            return job.name().equals(name);
        }

        @Override
        public boolean selectsSeveral() {
            return false;
        }
    }

    /**
     * Jobs whose name matches a glob: {@code *} any run of characters, {@code ?} one character.
     *
     * @param glob    as written
     * @param pattern the equivalent regular expression
     */
    record Glob(String glob, Pattern pattern) implements JobSelector {
        @Override
        public String text() {
            return glob;
        }

        @Override
        public boolean matches(JobDescriptor job) {
            return pattern.matcher(job.name()).matches();
        }

        @Override
        public boolean selectsSeveral() {
            return true;
        }
    }

    /**
     * The jobs of fio's reporting group N ({@code g=N} in fio's report; a {@code stonewall} or
     * {@code new_group} starts the next).
     *
     * @param id the group
     */
    record Group(int id) implements JobSelector {
        @Override
        public String text() {
            return "group:" + id;
        }

        @Override
        public boolean matches(JobDescriptor job) {
            return job.groupId() == id;
        }

        @Override
        public boolean selectsSeveral() {
            return true;
        }
    }

    /**
     * Parse a {@code jobs:} value.
     *
     * @throws InvalidInputException on an empty name or a bad group number
     */
    static JobSelector parse(String text, String file, int line) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw new InvalidInputException(file, line, "jobs: needs a job name, a glob (prio4-*) or group:N");
        }
        if (trimmed.startsWith("group:")) {
            String number = trimmed.substring("group:".length()).trim();
            try {
                int id = Integer.parseInt(number);
                if (id >= 0) {
                    return new Group(id);
                }
            } catch (NumberFormatException e) {
                // reported below with what is accepted
            }
            throw new InvalidInputException(file, line, "bad reporting group '" + number
                    + "'; accepted: group:N with N = 0, 1, ...");
        }
        if (trimmed.indexOf('*') < 0 && trimmed.indexOf('?') < 0) {
            return new Name(trimmed);
        }
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < trimmed.length(); i++) {
            char c = trimmed.charAt(i);
            if (c == '*' || c == '?') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return new Glob(trimmed, Pattern.compile(regex.toString()));
    }
}
