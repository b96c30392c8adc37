package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.iosched.api.InvalidInputException;
import org.iosched.api.WorkloadSource;
import org.junit.jupiter.api.Test;

/**
 * Every job file of fio's {@code examples/} that the test resources hold (see SOURCE.md there) through our parser:
 * it is accepted, or it is in {@link #REJECTED} with the reason our error gives, and every file in that table is
 * still rejected for that reason (so the table cannot rot). Where fio is installed, {@code fio --parse-only} on each
 * file checks the table against fio itself: a file fio accepts is accepted by us too, or rejected for an honest
 * reason (an ioengine or an option iosched does not model, said so in the error); a file we accept fio accepts; a
 * file listed as one fio rejects, fio rejects.
 */
class FioExamplesCatalogTest {
    /** Why iosched rejects an example. */
    enum Why {
        /** An ioengine iosched cannot simulate (network, object stores, GPUs, passthrough, ...). */
        ENGINE,
        /** An fio option or mode iosched does not model, named in the error. */
        NOT_MODELLED,
        /** fio 3.33 rejects the file as well (a newer option, an unset environment variable, ...). */
        FIO_REJECTS
    }

    private record Rejected(Why why, String reason) {
    }

    private static Map.Entry<String, Rejected> entry(String file, Why why, String reason) {
        return Map.entry(file, new Rejected(why, reason));
    }

    private static final Why ENGINE = Why.ENGINE;
    private static final Why NOT_MODELLED = Why.NOT_MODELLED;
    private static final Why FIO_REJECTS = Why.FIO_REJECTS;

    /** Every example we reject, with (a part of) our error message. */
    private static final Map<String, Rejected> REJECTED = table(
            entry("atomic-verify.fio", NOT_MODELLED, "fio option 'verify' is not modelled by iosched"),
            entry("basic-verify.fio", NOT_MODELLED, "fio option 'verify' is not modelled by iosched"),
            entry("butterfly.fio", NOT_MODELLED, "fio option 'flow' is not modelled by iosched"),
            entry("cpp_null.fio", ENGINE, "engine cpp_null not loadable"),
            entry("cpuio.fio", ENGINE, "fio ioengine 'cpuio' is not modelled by iosched"),
            entry("cross-stripe-verify.fio", NOT_MODELLED, "fio option 'verify' is not modelled by iosched"),
            entry("dev-dax.fio", ENGINE, "fio ioengine 'dev-dax' is not modelled by iosched"),
            entry("dfs.fio", ENGINE, "fio ioengine 'dfs' is not modelled by iosched"),
            entry("dircreate-ioengine.fio", ENGINE, "fio ioengine 'dircreate' is not modelled by iosched"),
            entry("dirdelete-ioengine.fio", ENGINE, "fio ioengine 'dirdelete' is not modelled by iosched"),
            entry("dirstat-ioengine.fio", ENGINE, "fio ioengine 'dirstat' is not modelled by iosched"),
            entry("e4defrag.fio", ENGINE, "fio ioengine 'e4defrag' is not modelled by iosched"),
            entry("e4defrag2.fio", ENGINE, "fio ioengine 'e4defrag' is not modelled by iosched"),
            entry("enospc-pressure.fio", NOT_MODELLED, "fio option 'continue_on_error' is not modelled by iosched"),
            entry("exec.fio", ENGINE, "fio ioengine 'exec' is not modelled by iosched"),
            entry("falloc.fio", ENGINE, "fio ioengine 'falloc' is not modelled by iosched"),
            entry("filecreate-ioengine.fio", NOT_MODELLED, "rw=filecreate is a fio file-operation mode that iosched does not model"),
            entry("filedelete-ioengine.fio", NOT_MODELLED, "rw=filedelete is a fio file-operation mode that iosched does not model"),
            entry("filestat-ioengine.fio", NOT_MODELLED, "rw=filestat is a fio file-operation mode that iosched does not model"),
            entry("fixed-rate-submission.fio", NOT_MODELLED, "fio option 'io_submit_mode=offload' is not modelled by iosched"),
            entry("flow.fio", NOT_MODELLED, "fio option 'flow_sleep' is not modelled by iosched"),
            entry("fsx.fio", FIO_REJECTS, "Option rwmixcycle is deprecated"),
            entry("ftruncate.fio", ENGINE, "fio ioengine 'ftruncate' is not modelled by iosched"),
            entry("gfapi.fio", ENGINE, "fio ioengine 'gfapi' is not modelled by iosched"),
            entry("gpudirect-rdmaio-client.fio", ENGINE, "fio ioengine 'rdma' is not modelled by iosched"),
            entry("gpudirect-rdmaio-server.fio", ENGINE, "fio ioengine 'rdma' is not modelled by iosched"),
            entry("http-s3-crypto.fio", ENGINE, "fio ioengine 'http' is not modelled by iosched"),
            entry("http-s3-storage-class.fio", ENGINE, "fio ioengine 'http' is not modelled by iosched"),
            entry("http-s3.fio", ENGINE, "fio ioengine 'http' is not modelled by iosched"),
            entry("http-swift.fio", ENGINE, "fio ioengine 'http' is not modelled by iosched"),
            entry("http-webdav.fio", ENGINE, "fio ioengine 'http' is not modelled by iosched"),
            entry("ime.fio", ENGINE, "fio ioengine 'ime_psync' is not modelled by iosched"),
            entry("latency-profile.fio", NOT_MODELLED, "fio option 'latency_target' is not modelled by iosched"),
            entry("libblkio-io_uring.fio", ENGINE, "fio ioengine 'libblkio' is not modelled by iosched"),
            entry("libblkio-virtio-blk-vfio-pci.fio", ENGINE, "fio ioengine 'libblkio' is not modelled by iosched"),
            entry("libcufile-cufile.fio", ENGINE, "fio ioengine 'libcufile' is not modelled by iosched"),
            entry("libcufile-posix.fio", ENGINE, "fio ioengine 'libcufile' is not modelled by iosched"),
            entry("libhdfs.fio", ENGINE, "fio ioengine 'libhdfs' is not modelled by iosched"),
            entry("libhipfile-hipfile.fio", ENGINE, "engine libhipfile not loadable"),
            entry("libhipfile-posix.fio", ENGINE, "engine libhipfile not loadable"),
            entry("libiscsi.fio", ENGINE, "fio ioengine 'libiscsi' is not modelled by iosched"),
            entry("libpmem.fio", ENGINE, "fio ioengine 'libpmem' is not modelled by iosched"),
            entry("libzbc-rand-write.fio", NOT_MODELLED, "zonemode=zbd is not modelled by iosched"),
            entry("libzbc-seq-read.fio", NOT_MODELLED, "zonemode=zbd is not modelled by iosched"),
            entry("mtd.fio", ENGINE, "fio ioengine 'mtd' is not modelled by iosched"),
            entry("nbd.fio", ENGINE, "fio ioengine 'nbd' is not modelled by iosched"),
            entry("netio.fio", ENGINE, "fio ioengine 'net' is not modelled by iosched"),
            entry("netio_multicast.fio", ENGINE, "fio ioengine 'net' is not modelled by iosched"),
            entry("netio_vsock.fio", ENGINE, "fio ioengine 'net' is not modelled by iosched"),
            entry("netio_vsock_receiver.fio", ENGINE, "fio ioengine 'net' is not modelled by iosched"),
            entry("netio_vsock_sender.fio", ENGINE, "fio ioengine 'net' is not modelled by iosched"),
            entry("nfs.fio", FIO_REJECTS, "Bad option <nfs_url=nfs://127.0.0.1/nfs>"),
            entry("page_fault.fio", ENGINE, "engine page_fault not loadable"),
            entry("poisson-rate-submission.fio", NOT_MODELLED, "fio option 'io_submit_mode=offload' is not modelled by iosched"),
            entry("rados.fio", ENGINE, "fio ioengine 'rados' is not modelled by iosched"),
            entry("rbd.fio", ENGINE, "fio ioengine 'rbd' is not modelled by iosched"),
            entry("rdmaio-client.fio", ENGINE, "fio ioengine 'rdma' is not modelled by iosched"),
            entry("rdmaio-server.fio", ENGINE, "fio ioengine 'rdma' is not modelled by iosched"),
            entry("sequence-distribution.fio", FIO_REJECTS, "failed parsing random_distribution=sequence:2,0,1: valid values"),
            entry("sg_verify-fail.fio", ENGINE, "fio ioengine 'sg' is not modelled by iosched"),
            entry("sg_verify.fio", ENGINE, "fio ioengine 'sg' is not modelled by iosched"),
            entry("sg_write_same_ndob.fio", ENGINE, "fio ioengine 'sg' is not modelled by iosched"),
            entry("sprandom.fio", FIO_REJECTS, "failed parsing bs=: no value given"),
            entry("steadystate.fio", NOT_MODELLED, "fio option 'steadystate' is not modelled by iosched"),
            entry("surface-scan.fio", NOT_MODELLED, "fio option 'verify' is not modelled by iosched"),
            entry("uring-cmd-bsg.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-fdp.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-ng.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-pi-ext.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-pi-sb.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-trim-multi-range.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-write-mode.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-zoned-append.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("uring-cmd-zoned.fio", ENGINE, "fio ioengine 'io_uring_cmd' is not modelled by iosched"),
            entry("xnvme-compare.fio", FIO_REJECTS, "failed parsing rw=: valid values"),
            entry("xnvme-fdp.fio", NOT_MODELLED, "fio option 'fdp' is not modelled by iosched"),
            entry("xnvme-pi.fio", FIO_REJECTS, "Bad option <md_per_io_size=64>"),
            entry("xnvme-zoned.fio", NOT_MODELLED, "zonemode=zbd is not modelled by iosched"),
            entry("zbd-rand-write-trim-gc.fio", NOT_MODELLED, "zonemode=zbd is not modelled by iosched"),
            entry("zbd-rand-write-zone-reset-gc.fio", NOT_MODELLED, "zonemode=zbd is not modelled by iosched"),
            entry("zbd-rand-write.fio", NOT_MODELLED, "zonemode=zbd is not modelled by iosched"),
            entry("zbd-seq-read.fio", NOT_MODELLED, "zonemode=zbd is not modelled by iosched"));


    @SafeVarargs
    private static Map<String, Rejected> table(Map.Entry<String, Rejected>... entries) {
        Map<String, Rejected> table = new LinkedHashMap<>();
        for (Map.Entry<String, Rejected> e : entries) {
            assertThat(table.put(e.getKey(), e.getValue())).as("listed twice: " + e.getKey()).isNull();
        }
        return table;
    }

    private static Path directory() {
        try {
            return Path.of(FioExamplesCatalogTest.class.getResource("/fio-examples").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> examples() throws IOException {
        try (var files = Files.list(directory())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".fio")).sorted().toList();
        }
    }

    /** Our parser's verdict on {@code file}: null when it is accepted, else the error. */
    private static String ours(String file) throws IOException {
        String text = Files.readString(directory().resolve(file), StandardCharsets.UTF_8);
        try {
            Fio.workload(new WorkloadSource(file, text, null, Map.of()));
            return null;
        } catch (InvalidInputException e) {
            return e.getMessage();
        }
    }

    @Test
    void theResourcesHoldFiosExamplesAndSourceMdNamesEachOfThem() throws IOException {
        String source = Files.readString(directory().resolve("SOURCE.md"), StandardCharsets.UTF_8);
        List<String> examples = examples();
        assertThat(examples).hasSizeGreaterThanOrEqualTo(104);
        for (String file : examples) {
            assertThat(source).as(file).contains("| " + file + " | examples/" + file + " |");
        }
    }

    @Test
    void everyExampleIsAcceptedOrListedWithTheReasonWeGive() throws IOException {
        Map<String, String> unlisted = new TreeMap<>();
        Map<String, String> wrongReason = new TreeMap<>();
        List<String> accepted = new ArrayList<>();
        for (String file : examples()) {
            String error = ours(file);
            Rejected listed = REJECTED.get(file);
            if (error == null) {
                accepted.add(file);
            } else if (listed == null) {
                unlisted.put(file, error);
            } else if (!error.contains(listed.reason())) {
                wrongReason.put(file, error);
            }
        }
        assertThat(unlisted).as("rejected but not in REJECTED").isEmpty();
        assertThat(wrongReason).as("rejected for another reason than REJECTED says").isEmpty();
        assertThat(accepted).as("accepted but listed in REJECTED").doesNotContainAnyElementsOf(REJECTED.keySet());
        assertThat(accepted).hasSize(examples().size() - REJECTED.size());
    }

    @Test
    void everyListedFileExistsAndTheNotModelledOnesSaySo() throws IOException {
        assertThat(examples()).containsAll(REJECTED.keySet());
        for (Map.Entry<String, Rejected> e : REJECTED.entrySet()) {
            if (e.getValue().why() != FIO_REJECTS) {
                assertThat(e.getValue().reason()).as(e.getKey())
                        .containsAnyOf("is not modelled by iosched", "not loadable", "does not model");
            }
        }
    }

    @Test
    void fioParseOnlyAgreesWithTheTable() throws Exception {
        assumeThat(fioInstalled()).as("fio is not installed: the comparison with fio --parse-only is skipped").isTrue();
        Map<String, String> disagreements = new TreeMap<>();
        Map<String, Boolean> verdicts = fioParseOnly(examples());
        for (String file : examples()) {
            boolean fioAccepts = verdicts.get(file);
            Rejected listed = REJECTED.get(file);
            if (listed == null && !fioAccepts) {
                disagreements.put(file, "we accept it, fio --parse-only rejects it");
            } else if (listed != null && fioAccepts && listed.why() == FIO_REJECTS) {
                disagreements.put(file, "listed as rejected by fio, but fio --parse-only accepts it");
            }
        }
        assertThat(disagreements).isEmpty();
    }

    private static boolean fioInstalled() {
        try {
            Process p = new ProcessBuilder("fio", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * {@code fio --parse-only FILE} for each file, exit code 0, with an environment of PATH alone (as our parser gets
     * none); 16 at a time (fio spends about a second of idle wall time on its way out).
     */
    private static Map<String, Boolean> fioParseOnly(List<String> files) throws IOException, InterruptedException {
        Map<String, Boolean> verdicts = new TreeMap<>();
        Path work = Files.createTempDirectory("fio-parse");
        for (int first = 0; first < files.size(); first += 16) {
            Map<String, Process> running = new LinkedHashMap<>();
            for (String file : files.subList(first, Math.min(files.size(), first + 16))) {
                ProcessBuilder builder = new ProcessBuilder("fio", "--parse-only", directory().resolve(file).toString())
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
                String path = System.getenv("PATH");
                builder.environment().clear();
                builder.environment().put("PATH", path == null ? "/usr/bin:/bin" : path);
                builder.directory(work.toFile());
                running.put(file, builder.start());
            }
            for (Map.Entry<String, Process> p : running.entrySet()) {
                if (!p.getValue().waitFor(120, TimeUnit.SECONDS)) {
                    p.getValue().destroyForcibly();
                    throw new IllegalStateException("fio --parse-only " + p.getKey() + " did not end");
                }
                verdicts.put(p.getKey(), p.getValue().exitValue() == 0);
            }
        }
        return verdicts;
    }
}
