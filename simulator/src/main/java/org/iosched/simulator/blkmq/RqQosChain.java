package org.iosched.simulator.blkmq;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Request;
import org.iosched.api.RqQosPolicy;
import org.iosched.simulator.engine.HookWatch;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.engine.PluginGuard;

/**
 * A queue's request-QoS policies ({@code q->rq_qos}, block/blk-rq-qos.c), called in the kernel's list order: a
 * policy is pushed at the head when it is enabled ({@code rq_qos_add}), so the one enabled last runs first
 * (blk-wbt, enabled at disk registration, runs last). Each call names the policy, with the hook, in any exception
 * it throws, and is recorded in the run's {@link HookWatch}.
 */
final class RqQosChain {
    private static final String[] HOOKS = {"throttle", "track", "merge", "cleanup", "issue", "requeue", "done",
            "doneBio", "queueDepthChanged", "statistics"};
    private static final int THROTTLE = 0;
    private static final int TRACK = 1;
    private static final int MERGE = 2;
    private static final int CLEANUP = 3;
    private static final int ISSUE = 4;
    private static final int REQUEUE = 5;
    private static final int DONE = 6;
    private static final int DONE_BIO = 7;

    private final HookWatch watch;
    private RqQosPolicy[] policies = new RqQosPolicy[0];
    private String[] names = new String[0];
    private String[] labels = new String[0];
    private int[][] hooks = new int[0][];

    RqQosChain(HookWatch watch) {
        this.watch = watch;
    }

    /** {@code rq_qos_add}: {@code policy} goes to the head of the chain. */
    void add(RqQosPolicy policy, String name) {
        int n = policies.length;
        RqQosPolicy[] p = new RqQosPolicy[n + 1];
        String[] nm = new String[n + 1];
        String[] l = new String[n + 1];
        int[][] h = new int[n + 1][];
        p[0] = policy;
        nm[0] = name;
        l[0] = label(name);
        h[0] = new int[HOOKS.length];
        for (int i = 0; i < HOOKS.length; i++) {
            h[0][i] = watch.id(new HookWatch.Hook(l[0], HOOKS[i]));
        }
        System.arraycopy(policies, 0, p, 1, n);
        System.arraycopy(names, 0, nm, 1, n);
        System.arraycopy(labels, 0, l, 1, n);
        System.arraycopy(hooks, 0, h, 1, n);
        policies = p;
        names = nm;
        labels = l;
        hooks = h;
    }

    /** How a policy is named in errors ({@code rq-qos wbt}). */
    static String label(String name) {
        return "rq-qos " + name;
    }

    /** The policies, head first. */
    int size() {
        return policies.length;
    }

    /** The position of {@code policy} in the chain, or -1. */
    int indexOf(RqQosPolicy policy) {
        for (int i = 0; i < policies.length; i++) {
            if (policies[i] == policy) {
                return i;
            }
        }
        return -1;
    }

    String label(int index) {
        return labels[index];
    }

    /** The names of the policies, head first. */
    String describe() {
        return String.join(", ", Arrays.asList(names));
    }

    /**
     * {@code rq_qos_throttle} from position {@code from} on.
     *
     * @return the position of the policy that held the bio, or -1 when every one let it through
     */
    int throttle(Bio bio, int from) {
        for (int i = from; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][THROTTLE]);
            RqQosPolicy.Throttle result;
            try {
                result = policies[i].throttle(bio);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[THROTTLE], e);
            } finally {
                watch.exit(interrupted);
            }
            if (result == null) {
                throw new PluginFailureException(labels[i], new NullPointerException("throttle returned null for "
                        + bio));
            }
            if (result == RqQosPolicy.Throttle.WAIT) {
                return i;
            }
        }
        return -1;
    }

    void track(Request rq, Bio bio) {
        for (int i = 0; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][TRACK]);
            try {
                policies[i].track(rq, bio);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[TRACK], e);
            } finally {
                watch.exit(interrupted);
            }
        }
    }

    void merge(Request rq, Bio bio) {
        for (int i = 0; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][MERGE]);
            try {
                policies[i].merge(rq, bio);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[MERGE], e);
            } finally {
                watch.exit(interrupted);
            }
        }
    }

    void cleanup(Bio bio) {
        for (int i = 0; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][CLEANUP]);
            try {
                policies[i].cleanup(bio);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[CLEANUP], e);
            } finally {
                watch.exit(interrupted);
            }
        }
    }

    void issue(Request rq) {
        for (int i = 0; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][ISSUE]);
            try {
                policies[i].issue(rq);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[ISSUE], e);
            } finally {
                watch.exit(interrupted);
            }
        }
    }

    void requeue(Request rq) {
        for (int i = 0; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][REQUEUE]);
            try {
                policies[i].requeue(rq);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[REQUEUE], e);
            } finally {
                watch.exit(interrupted);
            }
        }
    }

    void done(Request rq) {
        for (int i = 0; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][DONE]);
            try {
                policies[i].done(rq);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[DONE], e);
            } finally {
                watch.exit(interrupted);
            }
        }
    }

    void doneBio(Bio bio) {
        for (int i = 0; i < policies.length; i++) {
            int interrupted = watch.enter(hooks[i][DONE_BIO]);
            try {
                policies[i].doneBio(bio);
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], HOOKS[DONE_BIO], e);
            } finally {
                watch.exit(interrupted);
            }
        }
    }

    /** Every policy's statistics under its name ({@code wbt.scale_step}), from the chain's tail (wbt) on. */
    Map<String, Number> statistics() {
        Map<String, Number> all = new LinkedHashMap<>();
        for (int i = policies.length - 1; i >= 0; i--) {
            Map<String, Number> own;
            try {
                own = policies[i].statistics();
            } catch (RuntimeException | StackOverflowError e) {
                throw PluginGuard.blame(labels[i], "statistics", e);
            }
            if (own != null) {
                String prefix = names[i] + ".";
                own.forEach((k, v) -> all.put(prefix + k, v));
            }
        }
        return all;
    }
}
