package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.StringJoiner;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 15's reproducers for scenarios (shrunk). */
class ScenarioRobustnessTest {
    private static final String METRIC = "metrics:\n  - {label: bw, jobs: seq, metric: read.bw}\n";

    @Test
    void anAnchorOnAScalarIsRefusedAsTheDocumentationSays() {
        assertThatThrownBy(() -> Scenarios.parse("name: &a base\n" + Scenarios.HEAD.substring("name: small\n".length())
                + METRIC))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("test.yaml:1: YAML anchors and aliases are not supported; write the value out");
        assertThatThrownBy(() -> Scenarios.parse(Scenarios.HEAD + "set: &s {fs.barrier: 0}\n" + METRIC))
                .hasMessageStartingWith("test.yaml:17: YAML anchors and aliases are not supported");
        assertThatThrownBy(() -> Scenarios.parse(Scenarios.HEAD.replace("title: readers on an SSD",
                "title: &t readers\nthread: *t") + METRIC))
                .hasMessageStartingWith("test.yaml:2: YAML anchors and aliases are not supported");
    }

    @Test
    void emptyOrBlankLabelsAreRefused() {
        String axes = "axes:\n  - name: scheduler\n    variants:\n      - {label: \"\", scheduler: cfq}\n";
        assertThatThrownBy(() -> Scenarios.parse(Scenarios.HEAD + axes + METRIC))
                .hasMessage("test.yaml:20: label of a variant of axis scheduler is empty; a label"
                        + " names the variant in the table (cfq, deadline, slice_idle=0)");
        assertThatThrownBy(() -> Scenarios.parse(Scenarios.HEAD
                + "axes:\n  - name: \" \"\n    variants:\n      - {label: cfq, scheduler: cfq}\n" + METRIC))
                .hasMessageStartingWith("test.yaml:18: name of an axis is empty");
        assertThatThrownBy(() -> Scenarios.parse(Scenarios.HEAD + "metrics:\n  - {label: '', jobs: seq, metric: read.bw}\n"))
                .hasMessageStartingWith("test.yaml:18: label of a metric is empty");
    }

    @Test
    void anUnknownBaseSchedulerIsAnErrorEvenWhenEveryVariantSetsItsOwn() {
        String yaml = Scenarios.HEAD.replace("scheduler: cfq", "scheduler: cfqq")
                + "axes:\n  - name: scheduler\n    variants:\n      - {label: cfq, scheduler: cfq}\n"
                + "      - {label: noop, scheduler: noop}\n" + METRIC;
        assertThatThrownBy(() -> new ScenarioPlanner(Scenarios.service()).plan(Scenarios.parse(yaml), List.of(), List.of()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("test.yaml:4: unknown scheduler 'cfqq'; available: ");
    }

    @Test
    void aHundredThousandSeedsParseWithoutQuadraticWork() {
        StringJoiner seeds = new StringJoiner(", ", "seeds: [", "]\n");
        for (int i = 0; i < 100_000; i++) {
            seeds.add(Integer.toString(i));
        }
        Scenario s = Scenarios.parse(Scenarios.HEAD + seeds + METRIC);
        assertThat(s.seeds()).hasSize(100_000);
        assertThatThrownBy(() -> Scenarios.parse(Scenarios.HEAD + "seeds: [1, 2, 1]\n" + METRIC))
                .hasMessage("test.yaml:17: seed 1 is listed twice");
    }

    @Test
    void aScenarioFileThatIsNotUtf8NamesTheByteAndLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.write(file, (Scenarios.HEAD.replace("readers on an SSD", "caf\u00e9") + METRIC)
                .getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> ScenarioParser.parse(file))
                .hasMessage(file + ":2: byte 0xE9 at byte 11 of the line is not UTF-8 text; accepted: UTF-8 (or ASCII) text");
        Path job = dir.resolve("j.fio");
        Files.write(job, "[seq]\nrw=read\n\u00ff\n".getBytes(StandardCharsets.ISO_8859_1));
        Path s2 = dir.resolve("s2.yaml");
        Files.writeString(s2, "name: x\ntitle: y\ndevice: ssd\nscheduler: cfq\nworkload:\n  file: j.fio\n" + METRIC);
        assertThatThrownBy(() -> ScenarioParser.parse(s2))
                .hasMessage(job + ":3: byte 0xFF at byte 1 of the line is not UTF-8 text; accepted: UTF-8 (or ASCII) text");
    }

    @Test
    void crlfScenarioFilesReadAsLfFiles() {
        Scenario s = Scenarios.parse((Scenarios.HEAD + METRIC).replace("\n", "\r\n"));
        assertThat(s.workload().text()).isEqualTo("[global]\ndirect=1\nioengine=psync\nbs=4k\nsize=1m\n[seq]\nrw=read\n"
                + "[rand]\nrw=randread\nnumjobs=2\n");
    }
}
