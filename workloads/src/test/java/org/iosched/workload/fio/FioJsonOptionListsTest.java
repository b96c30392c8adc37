package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.JobDescriptor;
import org.junit.jupiter.api.Test;

/**
 * What fio 3.33 prints as "global options" and "job options" (checked with --output-format=json): each
 * [global] section's options and each job section's own, canonical names, in fio's parse order (kb_base and
 * unit_base first, filename and filename_format last, else file order), repeats kept, variables substituted;
 * numjobs clones list their section's options.
 */
class FioJsonOptionListsTest {
    @Test
    void globalAndOwnOptionsAreListedAsFioParsesThem() {
        FioWorkload w = Fio.workload(Fio.source("[global]\nbs=4k\nfilename=/dev/sdb\nsize=64k\nkb_base=1000\n"
                + "[a]\nname=zzz\nblocksize=8k\nnumjobs=2\ndescription=${D}\n[global]\nbs=8k\niodepth=1\n[b]\n"
                + "readwrite=write\nstonewall\n", null, Map.of("D", "run 1")));
        JobDescriptor a = w.jobs().get(0);
        assertThat(a.globalOptions()).containsExactly("kb_base=1000", "bs=4k", "size=64k", "filename=/dev/sdb",
                "bs=8k", "iodepth=1");
        assertThat(a.jobOptions()).containsExactly("name=zzz", "bs=8k", "numjobs=2", "description=run 1");
        assertThat(w.jobs().get(1).jobOptions()).isEqualTo(a.jobOptions());
        assertThat(w.jobs().get(2).jobOptions()).containsExactly("rw=write", "stonewall=");
        assertThat(w.jobs().get(2).globalOptions()).isEqualTo(a.globalOptions());
        // the merged view the output stage looks options up in is unchanged
        assertThat(a.options()).containsEntry("description", "run 1").containsEntry("size", "64k");
    }
}
