package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Every job file in {@code examples/} runs under every built-in scheduler, so that the examples never rot. */
class ExamplesIT {
    @TempDir
    Path work;

    @TestFactory
    Stream<DynamicTest> everyExampleRuns() throws IOException {
        List<Path> jobs;
        try (Stream<Path> files = Files.list(Iosched.ROOT.resolve("examples"))) {
            jobs = files.filter(p -> p.toString().endsWith(".fio")).sorted().toList();
        }
        assertThat(jobs).isNotEmpty();
        return jobs.stream().map(job -> DynamicTest.dynamicTest(job.getFileName().toString(), () -> {
            Iosched.Outcome outcome = Iosched.run(work, "run", job.toString(), "--scheduler", "noop,deadline,cfq");
            assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
            assertThat(outcome.stdout()).contains("Run status group 0 (all jobs):").contains("Comparison (");
        }));
    }
}
