package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.iosched.api.InvalidInputException;

/**
 * Issue 15's fuzz classes over job files: valid jobs with values replaced by hostile ones (20 digits, negative,
 * 2^63, empty, control characters, a long value, a unit alone), lines dropped, duplicated or given CRLF. Building
 * the workload either works or fails with an {@link InvalidInputException} whose message is one line; nothing
 * else is thrown. (Accepted jobs are not run: their size is the user's to choose.)
 */
class MutatedJobFilePropertiesTest {
    private static final String[] BASES = {
        "[global]\nioengine=libaio\ndirect=1\nbs=4k\nsize=1m\n[reader]\nrw=randread\niodepth=8\n[writer]\nrw=write\n"
                + "fsync=4\nnumjobs=2\n",
        "[job]\nfilename=/dev/sdb\nrw=randrw\nrwmixread=70\nbs=4k,8k\nruntime=2\ntime_based\nthinktime=100\n"
                + "offset=1m\nsize=64m\nrate=1m\nprio=4\nprioclass=2\n",
        "[a]\nrw=read\nbs=64k\nsize=8m\nreadwrite=read\nstartdelay=1\nloops=2\n[b]\nstonewall\nrw=write\nbs=1m\n"
                + "size=4m\nend_fsync=1\n",
    };
    private static final String[] HOSTILE = {
        "12345678901234567890", "-8", "-1", "0", "9223372036854775807", "9223372036854775808", "18446744073709551616",
        "", "k", "1.5", "\0", "x\u0001y", "0x10", "4k:8k", "1e999", "99999999999999t", "%", "100%", "-1k", "4k,",
        ",", "randread", "[x]", "a".repeat(5_000), "${UNSET}", ";", "#", "=", "1:2:3",
    };

    /** One change to a job file: which line, and what happens to its value. */
    record Mutation(int line, int what, int value) {
    }

    @Provide
    Arbitrary<String> jobs() {
        Arbitrary<Mutation> mutation = Combinators.combine(Arbitraries.integers().between(0, 20),
                Arbitraries.integers().between(0, 5), Arbitraries.integers().between(0, HOSTILE.length - 1))
                .as(Mutation::new);
        return Combinators.combine(Arbitraries.integers().between(0, BASES.length - 1),
                mutation.list().ofMinSize(1).ofMaxSize(3)).as(MutatedJobFilePropertiesTest::mutate);
    }

    static String mutate(int base, List<Mutation> mutations) {
        List<String> lines = new ArrayList<>(Arrays.asList(BASES[base].split("\n")));
        for (Mutation m : mutations) {
            int at = m.line() % lines.size();
            String line = lines.get(at);
            int eq = line.indexOf('=');
            switch (m.what()) {
                case 0, 1 -> lines.set(at, (eq < 0 ? line : line.substring(0, eq)) + "=" + HOSTILE[m.value()]);
                case 2 -> lines.set(at, HOSTILE[m.value()]);
                case 3 -> lines.remove(at);
                case 4 -> lines.add(at, line);
                default -> lines.set(at, line + "\r");
            }
            if (lines.isEmpty()) {
                lines.add("[empty]");
            }
        }
        return String.join("\n", lines) + "\n";
    }

    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
    void aMutatedJobFileBuildsOrIsOneLineUserError(@ForAll("jobs") String job) {
        try {
            Fio.workload(job);
        } catch (InvalidInputException e) {
            assertThat(e.getMessage()).startsWith("job.fio").doesNotContain("\n", "\r");
        }
    }
}
