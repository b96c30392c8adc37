package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 15's reproducers for job-file text (shrunk): long lines, control characters, CRLF, non-UTF-8 includes. */
class JobTextRobustnessTest {
    @Test
    void aMegabyteBadOptionIsEchoedCutWithoutASuggestion() {
        String line = "z".repeat(1_000_000);
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\n" + line + "\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:3: Bad option <" + "z".repeat(80) + "...(1000000 characters)>");
    }

    @Test
    void theSuggestionIsUnchangedForNamesOfOrdinaryLength() {
        assertThat(FioOptionCatalog.closest("iodepht")).isEqualTo("iodepth");
        assertThat(FioOptionCatalog.closest("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz")).isNull();
        assertThat(FioOptionCatalog.closest("x".repeat(1_000_000))).isNull();
    }

    @Test
    void controlCharactersInAnEchoedLineAreEscaped() {
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nbs\0=4k\n"))
                .hasMessage("job.fio:3: Bad option <bs\\x00=4k>. Did you mean bs?");
        assertThatThrownBy(() -> Fio.workload("rw\u0007=read\n"))
                .hasMessage("job.fio:1: fio: option <rw\\x07=read> outside of [] job section");
    }

    @Test
    void crlfJobFilesReadAsLfJobFiles() {
        assertThat(Fio.options("[job]\r\nrw=randread\r\nbs=8k\r\n").bs).containsExactly(8192, 8192, 8192);
    }

    @Test
    void anIncludeThatIsNotUtf8NamesItsByteAndLine(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("inc.fio"), "bs=4k\nname=caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> Fio.workload(Fio.source("[job]\ninclude inc.fio\n", dir, Map.of())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(dir.resolve("inc.fio") + ":2: byte 0xE9 at byte 9 of the line is not UTF-8 text;"
                        + " accepted: UTF-8 (or ASCII) text");
    }
}
