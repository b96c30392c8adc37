package org.iosched.runner.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;

/**
 * Reads one YAML document into {@link YamlNode}s with Jackson's streaming YAML parser, keeping each node's
 * line from its {@link JsonLocation}. Strict: a duplicate key, an anchor or alias, a second document or an
 * empty file is an error naming the file and line.
 */
final class YamlTreeReader {
    private static final YAMLFactory FACTORY = new YAMLFactory();

    private final String source;
    private final String text;
    private final YAMLParser parser;

    private YamlTreeReader(String source, String text) throws IOException {
        this.source = source;
        this.text = text;
        this.parser = (YAMLParser) FACTORY.createParser(text);
    }

    /**
     * Parse {@code text}.
     *
     * @param source the file name used in messages
     * @throws InvalidInputException on malformed YAML, with the line Jackson reports
     */
    static YamlNode read(String source, String text) {
        rejectAnchors(source, text);
        try {
            YamlTreeReader reader = new YamlTreeReader(source, text);
            try (JsonParser p = reader.parser) {
                JsonToken first = p.nextToken();
                if (first == null) {
                    throw new InvalidInputException(source, 0, "the scenario file is empty");
                }
                YamlNode root = reader.node(first);
                JsonToken after = p.nextToken();
                if (after != null) {
                    throw new InvalidInputException(source, reader.line(), "only one YAML document is allowed");
                }
                return root;
            }
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new InvalidInputException(source, at == null ? 0 : Math.max(0, at.getLineNr()),
                    "malformed YAML: " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new InvalidInputException(source, 0, "cannot read the scenario: " + e.getMessage());
        }
    }

    /**
     * Refuse anchors and aliases from SnakeYAML's own events: Jackson reports the anchor of a mapping or list
     * but drops that of a scalar ({@code name: &a base}). A malformed document is left to Jackson's message.
     */
    private static void rejectAnchors(String source, String text) {
        try {
            for (Event event : new Yaml().parse(new StringReader(text))) {
                boolean anchored = event instanceof NodeEvent n && n.getAnchor() != null;
                if (anchored || event instanceof AliasEvent) {
                    Mark at = event.getStartMark();
                    throw new InvalidInputException(source, at == null ? 0 : at.getLine() + 1,
                            "YAML anchors and aliases are not supported; write the value out");
                }
            }
        } catch (YAMLException e) {
            // malformed: the Jackson pass reports it with its line
        }
    }

    private YamlNode node(JsonToken token) throws IOException {
        if (parser.isCurrentAlias() || parser.getCurrentAnchor() != null) {
            throw new InvalidInputException(source, line(), "YAML anchors and aliases are not supported;"
                    + " write the value out");
        }
        return switch (token) {
            case START_OBJECT -> mapping();
            case START_ARRAY -> sequence();
            case VALUE_NULL -> new YamlNode.Scalar(null, false, line(), 0);
            case VALUE_STRING, VALUE_TRUE, VALUE_FALSE -> scalar(false);
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> scalar(true);
            default -> throw new InvalidInputException(source, line(), "unexpected YAML content: " + token);
        };
    }

    private YamlNode.Scalar scalar(boolean number) throws IOException {
        int line = line();
        long offset = parser.currentTokenLocation().getCharOffset();
        boolean block = offset >= 0 && offset < text.length()
                && (text.charAt((int) offset) == '|' || text.charAt((int) offset) == '>');
        return new YamlNode.Scalar(parser.getText(), number, line, block ? line + 1 : 0);
    }

    private YamlNode.Mapping mapping() throws IOException {
        int line = line();
        Map<String, YamlNode.Entry> entries = new LinkedHashMap<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_OBJECT) {
            int keyLine = line();
            if (token != JsonToken.FIELD_NAME) {
                throw new InvalidInputException(source, keyLine, "unexpected YAML content: " + token);
            }
            String key = parser.currentName();
            if (entries.isEmpty()) {
                line = keyLine;
            }
            if (entries.containsKey(key)) {
                throw new InvalidInputException(source, keyLine, "duplicate key '" + key + "' (first at line "
                        + entries.get(key).keyLine() + ")");
            }
            YamlNode value = node(parser.nextToken());
            entries.put(key, new YamlNode.Entry(key, keyLine, value));
        }
        return new YamlNode.Mapping(entries, line);
    }

    private YamlNode.Sequence sequence() throws IOException {
        int line = line();
        List<YamlNode> items = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            YamlNode item = node(token);
            if (items.isEmpty()) {
                line = item.line();
            }
            items.add(item);
        }
        return new YamlNode.Sequence(items, line);
    }

    private int line() {
        return Math.max(0, parser.currentTokenLocation().getLineNr());
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
