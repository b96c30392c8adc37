package org.iosched.workload.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class InputTextTest {
    @Test
    void utf8TextDecodesAndALeadingByteOrderMarkIsDropped() {
        assertThat(InputText.decode("j.fio", "[j]\nbs=4k µ\n".getBytes(StandardCharsets.UTF_8))).isEqualTo("[j]\nbs=4k µ\n");
        assertThat(InputText.decode("j.fio", "\uFEFF[j]\n".getBytes(StandardCharsets.UTF_8))).isEqualTo("[j]\n");
    }

    @Test
    void bytesThatAreNotUtf8NameTheirLineAndPosition() {
        byte[] latin1 = "[j]\nrw=read\nname=caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> InputText.decode("j.fio", latin1))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("j.fio:3: byte 0xE9 at byte 9 of the line is not UTF-8 text; accepted: UTF-8 (or ASCII) text");
        assertThatThrownBy(() -> InputText.decode("t.log", new byte[] {'a', (byte) 0xC3}))
                .hasMessage("t.log:1: byte 0xC3 at byte 2 of the line is not UTF-8 text; accepted: UTF-8 (or ASCII) text");
    }

    @Test
    void linesAcceptLfAndCrlf() {
        assertThat(InputText.lines("a\r\nb\nc")).containsExactly("a", "b", "c");
    }

    @Test
    void anEchoIsCutAndEscaped() {
        assertThat(InputText.echo("a\0b\tc\n")).isEqualTo("a\\x00b\\tc\\n");
        assertThat(InputText.echo("x".repeat(200_000))).isEqualTo("x".repeat(80) + "...(200000 characters)");
    }

    @Test
    void aMessageBecomesOneLineOfBoundedLength() {
        assertThat(InputText.oneLine("j.fio:1: bad\nvalue\r")).isEqualTo("j.fio:1: bad\\nvalue\\r");
        String huge = "j.fio:1: Bad option <" + "y".repeat(1_000_000) + ">; accepted: rw=read";
        String line = InputText.oneLine(huge);
        assertThat(line).startsWith("j.fio:1: Bad option <yyy").endsWith("; accepted: rw=read")
                .contains("characters cut").hasSizeLessThan(InputText.MAX_MESSAGE + 60);
    }

    @Test
    void longWordsOfAMessageBuiltElsewhereAreCutAsValuesAre() {
        String v = "v".repeat(10_000);
        assertThat(InputText.cutLongWords("Invalid value for option '--seed': '" + v + "' is not a long"))
                .isEqualTo("Invalid value for option '--seed': '" + "v".repeat(80) + "...(10000 characters)' is not a long");
        String path = "/" + "p".repeat(150);
        assertThat(InputText.cutLongWords("bad value " + path + " here")).isEqualTo("bad value " + path + " here");
        assertThat(InputText.cutLongWords(v)).isEqualTo("v".repeat(80) + "...(10000 characters)");
        String echoed = "Bad option <" + InputText.echo("q\0".repeat(100_000)) + "> here";
        assertThat(InputText.cutLongWords(echoed)).isEqualTo(echoed);
    }
}
