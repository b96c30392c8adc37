package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.WorkloadSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FioJobParserTest {
    private static List<JobSection> parse(String text) {
        return FioJobParser.parse(WorkloadSource.of("job.fio", text));
    }

    @Test
    void sectionsHoldTheirOptionLinesWithLineNumbers() {
        List<JobSection> s = parse("""
                [global]
                bs=4k

                [a]
                rw = randread
                time_based
                """);
        assertThat(s).extracting(JobSection::name).containsExactly("global", "a");
        assertThat(s.get(1).options()).containsExactly(
                new RawOption("rw", "randread", "job.fio", 5),
                new RawOption("time_based", null, "job.fio", 6));
        assertThat(s.get(1).line()).isEqualTo(4);
    }

    @Test
    void anySectionWhoseNameStartsWithGlobalIsGlobal() {
        List<JobSection> s = parse("[global-defaults]\nbs=8k\n[job]\n");
        assertThat(s.get(0).global()).isTrue();
        assertThat(s.get(1).global()).isFalse();
    }

    @Test
    void wholeLineAndInlineCommentsAreStrippedWithSemicolonOrHash() {
        List<JobSection> s = parse("""
                ; a comment
                # another
                [job]
                numjobs=4\t; 4 simultaneous threads
                bs=8k # inline
                """);
        assertThat(s.get(0).options()).extracting(RawOption::text).containsExactly("numjobs=4", "bs=8k");
    }

    @Test
    void anOptionBeforeAnySectionIsAnErrorWithItsLine() {
        assertThatThrownBy(() -> parse("\nbs=4k\n[job]\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:2: fio: option <bs=4k> outside of [] job section");
    }

    @Test
    void aSectionHeaderMustBeClosed() {
        assertThatThrownBy(() -> parse("[job\nbs=4k\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("job.fio:1: fio: bad section header <[job>");
    }

    @Test
    void includeReadsOptionsRelativeToTheIncludingFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("common.fio"), "; shared\nbs=64k\ninclude more.fio\n");
        Files.writeString(dir.resolve("more.fio"), "direct=1\n");
        List<JobSection> s = FioJobParser.parse(new WorkloadSource("main.fio",
                "[job]\nrw=read\ninclude common.fio\nsize=1m\n", dir, Map.of()));
        assertThat(s.get(0).options()).extracting(RawOption::text)
                .containsExactly("rw=read", "bs=64k", "direct=1", "size=1m");
        assertThat(s.get(0).options().get(1).source()).endsWith("common.fio");
        assertThat(s.get(0).options().get(1).line()).isEqualTo(2);
    }

    @Test
    void anIncludedFileMayNotOpenSections(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("bad.fio"), "bs=4k\n[other]\n");
        assertThatThrownBy(() -> FioJobParser.parse(new WorkloadSource("main.fio", "[job]\ninclude bad.fio\n", dir,
                Map.of())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("bad.fio:2: No new sections in included files (included from main.fio:2)");
    }

    @Test
    void aMissingIncludeNamesTheFileAndTheLine(@TempDir Path dir) {
        assertThatThrownBy(() -> FioJobParser.parse(new WorkloadSource("main.fio", "[job]\ninclude nope.fio\n", dir,
                Map.of())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("main.fio:2: fio: unable to open '")
                .hasMessageContaining("nope.fio' include file");
    }

    @Test
    void aRelativeIncludeWithoutABaseDirectoryIsAnError() {
        assertThatThrownBy(() -> parse("[job]\ninclude x.fio\n"))
                .hasMessageContaining("a relative include needs the job file's directory");
    }

    @Test
    void aFileIncludingItselfStopsWithAnError(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("loop.fio"), "include loop.fio\n");
        assertThatThrownBy(() -> FioJobParser.parse(new WorkloadSource("main.fio", "[job]\ninclude loop.fio\n", dir,
                Map.of())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("includes nested deeper than");
    }

    @Test
    void globalOptionsApplyOnlyToJobsBelowThem() {
        FioWorkload w = Fio.workload("""
                [global]
                bs=8k
                [a]
                [global]
                bs=16k
                [b]
                """);
        assertThat(w.specs().get(0).options().minBs[0]).isEqualTo(8192);
        assertThat(w.specs().get(1).options().minBs[0]).isEqualTo(16384);
    }

    @Test
    void aJobFileWithoutJobsIsAnError() {
        assertThatThrownBy(() -> Fio.workload("[global]\nbs=4k\n"))
                .hasMessage("job.fio: fio: no jobs defined in the job file");
    }
}
