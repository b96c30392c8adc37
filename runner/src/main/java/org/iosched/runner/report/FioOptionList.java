package org.iosched.runner.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import java.io.IOException;
import java.util.List;

/**
 * fio's "global options" or "job options" object (stat.c {@code json_add_job_opts}): one string pair per
 * option in the order fio parsed them, a name given twice printed twice (which a Jackson {@code ObjectNode}
 * cannot hold), options without a value left out (json.c cannot store an empty string), and the braces
 * printed even when nothing is left.
 *
 * @param pairs {@code name=value}, as {@link org.iosched.api.JobDescriptor#jobOptions()} holds them
 */
record FioOptionList(List<String> pairs) implements JsonSerializable {
    @Override
    public void serialize(JsonGenerator gen, SerializerProvider serializers) throws IOException {
        gen.writeStartObject();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            if (!value.isEmpty()) {
                gen.writeStringField(name, value);
            }
        }
        gen.writeEndObject();
    }

    @Override
    public void serializeWithType(JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer)
            throws IOException {
        serialize(gen, serializers);
    }
}
