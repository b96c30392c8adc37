package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;

/** The sort list answers as a red-black tree keyed by (sector, request id) does: a TreeSet as the reference. */
class SortListTest {
    private static final Task TASK = new Task(1, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT);
    private static final Comparator<CfqRq> ORDER = Comparator.<CfqRq>comparingLong(r -> r.sortKey)
            .thenComparingLong(r -> r.id);

    @Property(tries = 200)
    void answersAsATreeSet(@ForAll @Size(max = 200) List<@IntRange(min = 0, max = 40) Integer> sectors,
                           @ForAll @Size(max = 200) List<@IntRange(min = 0, max = 3) Integer> actions) {
        SortList list = new SortList();
        TreeSet<CfqRq> model = new TreeSet<>(ORDER);
        List<CfqRq> all = new ArrayList<>();
        long id = 0;
        for (int i = 0; i < sectors.size(); i++) {
            CfqRq r = request(id++, sectors.get(i) * 8L);
            all.add(r);
            int action = i < actions.size() ? actions.get(i) : 0;
            if (action == 3 && !model.isEmpty()) {
                CfqRq gone = model.first();
                assertThat(list.remove(gone)).isTrue();
                model.remove(gone);
                assertThat(list.remove(gone)).isFalse();
            }
            list.add(r);
            model.add(r);
            for (CfqRq probe : all) {
                assertThat(list.higher(probe)).isSameAs(model.higher(probe));
                assertThat(list.lower(probe)).isSameAs(model.lower(probe));
            }
            assertThat(list.first()).isSameAs(model.isEmpty() ? null : model.first());
            assertThat(list.size()).isEqualTo(model.size());
            long at = sectors.get(i) * 8L;
            CfqRq firstAt = model.stream().filter(x -> x.sortKey == at).findFirst().orElse(null);
            assertThat(list.firstAt(at)).isSameAs(firstAt);
            assertThat(list.firstAt(at + 1)).isNull();
        }
    }

    private static CfqRq request(long id, long sector) {
        Request rq = new Request(id, Op.READ, 0, sector, 8, TASK, Cgroup.ROOT, 0);
        CfqRq crq = new CfqRq(rq, null, queue());
        crq.sortKey = sector;
        return crq;
    }

    private static CfqQueue queue() {
        return new CfqQueue(null, 1, true);
    }
}
