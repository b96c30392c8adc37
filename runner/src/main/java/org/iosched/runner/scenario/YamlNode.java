package org.iosched.runner.scenario;

import java.util.List;
import java.util.Map;

/**
 * A node of a scenario's YAML document, with the 1-based line it starts on so that every error names its
 * line. Built by {@link YamlTreeReader}; Jackson's own tree model does not keep locations.
 */
sealed interface YamlNode permits YamlNode.Scalar, YamlNode.Mapping, YamlNode.Sequence {
    /** The line the node starts on. */
    int line();

    /** What the node is, for messages ("a text", "a mapping", "a list"). */
    String describe();

    /**
     * A scalar as written ({@code 0}, {@code on}, {@code hdd-7200}, a block of job text).
     *
     * @param text           the value's text, null for an empty value ({@code key:} with nothing after it)
     * @param number         whether YAML reads it as a number
     * @param line           its line (for a block scalar, the line of its {@code |} or {@code >})
     * @param firstBodyLine  for a block scalar, the line its first text line is on; 0 otherwise
     */
    record Scalar(String text, boolean number, int line, int firstBodyLine) implements YamlNode {
        @Override
        public String describe() {
            return text == null ? "an empty value" : "a value";
        }
    }

    /**
     * A mapping, keys in the order written.
     *
     * @param entries the entries by key
     * @param line    the line of its first key (or of its opening brace)
     */
    record Mapping(Map<String, Entry> entries, int line) implements YamlNode {
        /** Keeps the order. */
        public Mapping {
            entries = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(entries));
        }

        @Override
        public String describe() {
            return "a mapping";
        }
    }

    /**
     * One key of a mapping.
     *
     * @param key     the key
     * @param keyLine the key's line
     * @param value   its value
     */
    record Entry(String key, int keyLine, YamlNode value) {
    }

    /**
     * A list.
     *
     * @param items the items in order
     * @param line  the line of its first item (or of its opening bracket)
     */
    record Sequence(List<YamlNode> items, int line) implements YamlNode {
        /** Copies the items. */
        public Sequence {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "a list";
        }
    }
}
