package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OS model of Linux 6.6 through the packaged jar on {@code hdd-7200}: buffered writers under IO-less dirty
 * throttling (only the flusher, a {@code kworker}, and jbd2 write), against 3.0 where throttled writers write back
 * themselves; readahead bios marked {@code RA}. Bounded by simulated work (300 MiB per writer, 64 MiB read).
 */
class OsModel66IT {
    private static final String WRITERS = """
            [bufwrite]
            rw=write
            bs=4k
            size=300m
            numjobs=2
            """;
    private static final String READER = """
            [seqread]
            rw=read
            bs=4k
            size=64m
            """;
    private static final Pattern QUEUED = Pattern.compile("  Q +(\\S+) \\d+ \\+ (\\d+) \\[([^\\]]+)\\]");

    @TempDir
    Path work;

    /** Queued requests per "rwbs comm". */
    private static Map<String, Integer> queued(String trace) {
        Map<String, Integer> counts = new TreeMap<>();
        Matcher m = QUEUED.matcher(trace);
        while (m.find()) {
            counts.merge(m.group(1) + " " + m.group(3), 1, Integer::sum);
        }
        return counts;
    }

    private String trace(String job, String scheduler, String... sets) throws Exception {
        Path file = Files.writeString(work.resolve("job.fio"), job, StandardCharsets.UTF_8);
        Path trace = work.resolve("trace." + scheduler);
        String[] args = new String[8 + 2 * sets.length];
        int i = 0;
        for (String a : new String[] {"run", file.toString(), "--device", "hdd-7200", "--scheduler", scheduler,
                "--trace", trace.toString()}) {
            args[i++] = a;
        }
        for (String s : sets) {
            args[i++] = "--set";
            args[i++] = s;
        }
        Iosched.Outcome outcome = Iosched.run(work, args);
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return Files.readString(trace);
    }

    @Test
    void under66BufferedWritersOnlySleepAndTheKworkerWritesWhere30WritersWriteBackThemselves() throws Exception {
        // few requests keep few pages under writeback: in 3.0 dirty pages alone pass the limit
        String old = trace(WRITERS, "deadline", "vm.memory_mb=256", "queue.nr_requests=4");
        String now = trace(WRITERS, "mq-deadline", "vm.memory_mb=256", "queue.nr_requests=4");

        Map<String, Integer> before = queued(old);
        Map<String, Integer> after = queued(now);
        assertThat(before.keySet()).as(before.toString()).anyMatch(k -> k.equals("W fio"));
        assertThat(after.keySet()).as(after.toString()).noneMatch(k -> k.endsWith(" fio"))
                .contains("W kworker/u32:0"); // 2 x cpu.count: 6.6 runs on 16 CPUs
        assertThat(now).doesNotContain("[flush-8:0]");
    }

    @Test
    void under66ReadaheadBiosAreMarkedReadahead() throws Exception {
        Map<String, Integer> before = queued(trace(READER, "deadline"));
        Map<String, Integer> after = queued(trace(READER, "mq-deadline"));
        assertThat(before).containsKey("R fio").doesNotContainKey("RA fio");
        assertThat(after).containsKey("RA fio").doesNotContainKey("R fio");
    }
}
