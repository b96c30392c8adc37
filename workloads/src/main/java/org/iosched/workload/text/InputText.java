package org.iosched.workload.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.iosched.api.InvalidInputException;

/**
 * Text a user gave (job files, traces, scenarios) and how errors show it: decoding bytes as UTF-8 with an
 * error naming the line and byte that is not text, line splitting that accepts LF and CRLF, and echoing a
 * value in a message cut to a readable length with control characters escaped, so that an error stays one
 * readable line whatever the input held.
 */
public final class InputText {
    /** The longest part of a value an error message echoes; the rest is counted, not shown. */
    public static final int MAX_ECHO = 80;
    /** The longest message printed as it is; longer ones keep their head and tail around a count. */
    public static final int MAX_MESSAGE = 1_000;
    /** The longest word {@link #cutLongWords} leaves whole (a long path stays readable). */
    public static final int MAX_WORD = 200;

    private InputText() {
    }

    /**
     * A trace file's contents for {@link org.iosched.api.WorkloadSource#text()}: blktrace's binary records
     * (recognised by {@code struct blk_io_trace}'s magic, version 7, in either byte order) kept byte for byte,
     * one character per byte (ISO-8859-1), for the replay workload to read back as bytes; anything else as
     * {@link #decode} decodes it.
     *
     * @param name the file, for the message
     */
    public static String decodeTrace(String name, byte[] bytes) {
        if (isBlktrace(bytes)) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
        return decode(name, bytes);
    }

    /** Whether {@code bytes} start with a blktrace record's magic ({@code 0x65617407}, either byte order). */
    public static boolean isBlktrace(byte[] bytes) {
        if (bytes.length < 4) {
            return false;
        }
        boolean little = bytes[0] == 0x07 && bytes[1] == 0x74 && bytes[2] == 0x61 && bytes[3] == 0x65;
        boolean big = bytes[0] == 0x65 && bytes[1] == 0x61 && bytes[2] == 0x74 && bytes[3] == 0x07;
        return little || big;
    }

    /**
     * The UTF-8 text of {@code bytes}.
     *
     * @param name the file, for the message
     * @throws InvalidInputException naming the line, column and byte when the bytes are not UTF-8 text
     */
    public static String decode(String name, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            throw notText(name, bytes, in.position());
        }
        result = decoder.flush(out);
        if (result.isError()) {
            throw notText(name, bytes, in.position());
        }
        out.flip();
        String text = out.toString();
        return !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
    }

    private static InvalidInputException notText(String name, byte[] bytes, int at) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int bad = at < bytes.length ? bytes[at] & 0xff : -1;
        String what = bad < 0 ? "the file ends inside a UTF-8 sequence"
                : String.format(Locale.ROOT, "byte 0x%02X at byte %d of the line is not UTF-8 text", bad,
                        at - lineStart + 1);
        return new InvalidInputException(name, line, what + "; accepted: UTF-8 (or ASCII) text");
    }

    /** The lines of {@code text}: split at LF, a CR before the LF dropped (CRLF files read as LF files). */
    public static String[] lines(String text) {
        return text.split("\r?\n", -1);
    }

    /**
     * {@code value} as an error message shows it: control characters escaped ({@code \n}, {@code \t},
     * {@code \x00}), and a value longer than {@link #MAX_ECHO} cut with how much was left out.
     */
    public static String echo(String value) {
        if (value == null) {
            return "null";
        }
        int shown = Math.min(value.length(), MAX_ECHO);
        StringBuilder b = new StringBuilder(shown + 24);
        escape(value, 0, shown, b);
        if (shown < value.length()) {
            b.append("...(").append(value.length()).append(" characters)");
        }
        return b.toString();
    }

    /**
     * {@code message} with every word longer than {@link #MAX_WORD} characters (a run without spaces or
     * quotes, such as a value echoed whole by a library's message) shown as {@link #echo} shows values: for
     * messages built elsewhere (picocli's, a plugin API's) that quote what the user typed in full.
     */
    public static String cutLongWords(String message) {
        if (message == null) {
            return null;
        }
        StringBuilder b = null;
        int start = 0;
        int n = message.length();
        for (int i = 0; i <= n; i++) {
            boolean boundary = i == n || isWordBoundary(message.charAt(i));
            if (!boundary) {
                continue;
            }
            if (i - start > MAX_WORD && alreadyCut(message, start, i)) {
                // already cut by echo (its escapes may make it longer than MAX_WORD): left as it is
                if (b != null) {
                    b.append(message, start, i);
                }
            } else if (i - start > MAX_WORD) {
                if (b == null) {
                    b = new StringBuilder(n < 4 * MAX_MESSAGE ? n : 4 * MAX_MESSAGE);
                    b.append(message, 0, start);
                }
                b.append(echo(message.substring(start, i)));
            } else if (b != null) {
                b.append(message, start, i);
            }
            if (b != null && i < n) {
                b.append(message.charAt(i));
            }
            start = i + 1;
        }
        return b == null ? message : b.toString();
    }

    private static boolean alreadyCut(String message, int from, int to) {
        for (int j = from; j + 4 <= to; j++) {
            if (message.startsWith("...(", j)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWordBoundary(char c) {
        return Character.isWhitespace(c) || c == '\'' || c == '"' || c == '<' || c == '>';
    }

    /**
     * A message as one printable line: control characters escaped, and a message longer than
     * {@link #MAX_MESSAGE} cut in the middle (the head names the file and line, the tail what is accepted).
     */
    public static String oneLine(String message) {
        if (message == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(Math.min(message.length(), MAX_MESSAGE) + 48);
        if (message.length() <= MAX_MESSAGE) {
            escape(message, 0, message.length(), b);
        } else {
            int head = MAX_MESSAGE * 2 / 5;
            int tail = MAX_MESSAGE - head;
            escape(message, 0, head, b);
            b.append(" ...(").append(message.length() - head - tail).append(" characters cut)... ");
            escape(message, message.length() - tail, message.length(), b);
        }
        return b.toString();
    }

    private static void escape(String s, int from, int to, StringBuilder b) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        b.append(String.format(Locale.ROOT, c < 0x100 ? "\\x%02x" : "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
    }
}
