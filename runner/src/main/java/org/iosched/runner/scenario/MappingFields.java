package org.iosched.runner.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.iosched.api.InvalidInputException;

/**
 * Strict access to one YAML mapping of a scenario: an unknown key is an error at its line listing the
 * accepted keys; a missing or mistyped value is an error naming where it is expected.
 */
final class MappingFields {
    private final String file;
    private final String what;
    private final YamlNode.Mapping mapping;

    /**
     * @param file     the scenario file, for messages
     * @param node     the node, which must be a mapping
     * @param what     what it is, for messages ({@code the scenario}, {@code a metric})
     * @param accepted its keys
     */
    MappingFields(String file, YamlNode node, String what, Set<String> accepted) {
        this.file = file;
        this.what = what;
        if (!(node instanceof YamlNode.Mapping m)) {
            throw new InvalidInputException(file, node.line(), what + " must be a mapping of keys, not "
                    + node.describe());
        }
        this.mapping = m;
        for (YamlNode.Entry e : m.entries().values()) {
            if (!accepted.contains(e.key())) {
                List<String> names = new ArrayList<>(accepted);
                Collections.sort(names);
                throw new InvalidInputException(file, e.keyLine(), "unknown key '" + e.key() + "' in " + what
                        + "; accepted: " + String.join(", ", names));
            }
        }
    }

    /** The mapping's line. */
    int line() {
        return mapping.line();
    }

    /** Whether {@code key} is present. */
    boolean has(String key) {
        return mapping.entries().containsKey(key);
    }

    /** The line of {@code key}, or the mapping's line when absent. */
    int keyLine(String key) {
        YamlNode.Entry e = mapping.entries().get(key);
        return e == null ? mapping.line() : e.keyLine();
    }

    /** The value of a present key, or null. */
    YamlNode node(String key) {
        YamlNode.Entry e = mapping.entries().get(key);
        return e == null ? null : e.value();
    }

    /** The value of a required key. */
    YamlNode required(String key) {
        YamlNode n = node(key);
        if (n == null) {
            throw new InvalidInputException(file, mapping.line(), what + " needs '" + key + "'");
        }
        return n;
    }

    /** A required text value. */
    String text(String key) {
        required(key);
        return optionalText(key);
    }

    /** A text value, or null when the key is absent. */
    String optionalText(String key) {
        YamlNode n = node(key);
        return n == null ? null : scalar(file, n, "'" + key + "' of " + what).text();
    }

    /** The scalar of a present key, or null. */
    YamlNode.Scalar optionalScalar(String key) {
        YamlNode n = node(key);
        return n == null ? null : scalar(file, n, "'" + key + "' of " + what);
    }

    /** The entries, in order. */
    Iterable<YamlNode.Entry> entries() {
        return mapping.entries().values();
    }

    /** {@code node} as a non-empty scalar. */
    static YamlNode.Scalar scalar(String file, YamlNode node, String what) {
        if (!(node instanceof YamlNode.Scalar s) || s.text() == null) {
            throw new InvalidInputException(file, node.line(), what + " must be a single value, not "
                    + node.describe());
        }
        return s;
    }

    /** {@code node} as a list. */
    static YamlNode.Sequence sequence(String file, YamlNode node, String what) {
        if (!(node instanceof YamlNode.Sequence s)) {
            throw new InvalidInputException(file, node.line(), what + " must be a list, not " + node.describe());
        }
        return s;
    }
}
