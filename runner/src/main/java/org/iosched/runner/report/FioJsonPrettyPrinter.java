package org.iosched.runner.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.Instantiatable;
import java.io.IOException;

/**
 * fio's own JSON layout (json.c {@code json_print_object}): one {@code "key" : value} pair per line, two
 * spaces of indent per level, {@code " : "} between key and value, closing brackets on their own line, and
 * an empty object or array printed as an opening bracket, an empty line and the closing bracket.
 */
final class FioJsonPrettyPrinter implements PrettyPrinter, Instantiatable<FioJsonPrettyPrinter> {
    private int depth;

    @Override
    public FioJsonPrettyPrinter createInstance() {
        return new FioJsonPrettyPrinter();
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator gen) throws IOException {
        gen.writeRaw('\n');
    }

    @Override
    public void writeStartObject(JsonGenerator gen) throws IOException {
        gen.writeRaw('{');
        depth++;
    }

    @Override
    public void beforeObjectEntries(JsonGenerator gen) throws IOException {
        newLine(gen);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator gen) throws IOException {
        gen.writeRaw(" : ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator gen) throws IOException {
        gen.writeRaw(',');
        newLine(gen);
    }

    @Override
    public void writeEndObject(JsonGenerator gen, int nrOfEntries) throws IOException {
        depth--;
        if (nrOfEntries == 0) {
            gen.writeRaw('\n');
        }
        newLine(gen);
        gen.writeRaw('}');
    }

    @Override
    public void writeStartArray(JsonGenerator gen) throws IOException {
        gen.writeRaw('[');
        depth++;
    }

    @Override
    public void beforeArrayValues(JsonGenerator gen) throws IOException {
        newLine(gen);
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator gen) throws IOException {
        gen.writeRaw(',');
        newLine(gen);
    }

    @Override
    public void writeEndArray(JsonGenerator gen, int nrOfValues) throws IOException {
        depth--;
        if (nrOfValues == 0) {
            gen.writeRaw('\n');
        }
        newLine(gen);
        gen.writeRaw(']');
    }

    private void newLine(JsonGenerator gen) throws IOException {
        gen.writeRaw('\n');
        for (int i = 0; i < depth; i++) {
            gen.writeRaw("  ");
        }
    }
}
