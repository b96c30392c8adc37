package org.iosched.simulator.os;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.iosched.api.InvalidInputException;

/**
 * fio's log files ({@code write_bw_log} and friends) under a run's log directory: created when first
 * opened, closed at the end of the run. Without a directory every log is discarded. I/O errors become
 * {@link InvalidInputException}s naming the file.
 */
public final class LogFiles {
    private static final Appendable DISCARD = new Appendable() {
        @Override
        public Appendable append(CharSequence csq) {
            return this;
        }

        @Override
        public Appendable append(CharSequence csq, int start, int end) {
            return this;
        }

        @Override
        public Appendable append(char c) {
            return this;
        }
    };

    private final Path directory;
    private final UnaryOperator<String> names;
    private final Map<String, LogFile> open = new LinkedHashMap<>();

    /** @param directory where logs go, or null to discard them */
    public LogFiles(Path directory) {
        this(directory, UnaryOperator.identity());
    }

    /**
     * @param directory where logs go, or null to discard them
     * @param names     the file written for each name the workload opens
     */
    public LogFiles(Path directory, UnaryOperator<String> names) {
        this.directory = directory;
        this.names = names;
    }

    /**
     * The sink for {@code fileName} (renamed by this run's rule), relative to the directory; the same sink when
     * opened twice.
     */
    public Appendable open(String fileName) {
        if (directory == null) {
            return DISCARD;
        }
        LogFile existing = open.get(fileName);
        if (existing != null) {
            return existing;
        }
        Path path = directory.resolve(names.apply(fileName));
        try {
            Path parent = path.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            LogFile file = new LogFile(path.toString(), Files.newBufferedWriter(path, StandardCharsets.UTF_8));
            open.put(fileName, file);
            return file;
        } catch (IOException e) {
            throw new InvalidInputException(path.toString(), 0, "cannot create log file: " + e.getMessage());
        }
    }

    /** Close every file. */
    public void close() {
        InvalidInputException first = null;
        for (LogFile file : open.values()) {
            try {
                file.writer.close();
            } catch (IOException e) {
                if (first == null) {
                    first = new InvalidInputException(file.name, 0, "cannot write log file: " + e.getMessage());
                }
            }
        }
        open.clear();
        if (first != null) {
            throw first;
        }
    }

    private static final class LogFile implements Appendable {
        final String name;
        final Writer writer;

        LogFile(String name, Writer writer) {
            this.name = name;
            this.writer = writer;
        }

        @Override
        public Appendable append(CharSequence csq) {
            try {
                writer.append(csq);
            } catch (IOException e) {
                throw failed(e);
            }
            return this;
        }

        @Override
        public Appendable append(CharSequence csq, int start, int end) {
            try {
                writer.append(csq, start, end);
            } catch (IOException e) {
                throw failed(e);
            }
            return this;
        }

        @Override
        public Appendable append(char c) {
            try {
                writer.append(c);
            } catch (IOException e) {
                throw failed(e);
            }
            return this;
        }

        private InvalidInputException failed(IOException e) {
            return new InvalidInputException(name, 0, "cannot write log file: " + e.getMessage());
        }
    }
}
