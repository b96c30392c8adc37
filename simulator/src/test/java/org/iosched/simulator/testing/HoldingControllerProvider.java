package org.iosched.simulator.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.InvalidInputException;

/**
 * Provides {@link HoldingController}s named {@code name}. Keys: {@code hold_us} (default 1000), {@code jitter_us}
 * (default 0), {@code unplug} (0/1, default 0), {@code sleep_us} (default 0: never sleeps); any other key is an
 * {@link InvalidInputException} listing these. Keeps the controllers it created and a shared event log.
 */
public final class HoldingControllerProvider implements BioControllerProvider {
    private final String name;
    private final List<String> log;
    private final List<HoldingController> created = new ArrayList<>();
    /** Set to make {@code create} throw this. */
    public RuntimeException failOnCreate;
    /** Applied to each controller created (to break it on purpose). */
    public UnaryOperator<BioController> decorate = UnaryOperator.identity();

    public HoldingControllerProvider(String name, List<String> log) {
        this.name = name;
        this.log = log;
    }

    public HoldingControllerProvider(String name) {
        this(name, new ArrayList<>());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public BioController create(BioControllerContext context, Map<String, String> settings) {
        if (failOnCreate != null) {
            throw failOnCreate;
        }
        long hold = 1000;
        long jitter = 0;
        boolean unplug = false;
        long sleep = 0;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            switch (e.getKey()) {
                case "hold_us" -> hold = Long.parseLong(e.getValue());
                case "jitter_us" -> jitter = Long.parseLong(e.getValue());
                case "unplug" -> unplug = e.getValue().equals("1");
                case "sleep_us" -> sleep = Long.parseLong(e.getValue());
                default -> throw new InvalidInputException("--set", 0, "unknown key '" + name + "." + e.getKey()
                        + "'; " + name + " accepts: hold_us, jitter_us, unplug, sleep_us");
            }
        }
        HoldingController c = new HoldingController(context, name, hold * 1000, jitter * 1000, unplug, sleep * 1000,
                log);
        created.add(c);
        return decorate.apply(c);
    }

    /** The controller of the run (the last one created: {@code build()} creates one on a dry context first). */
    public HoldingController last() {
        return created.get(created.size() - 1);
    }

    /** How many controllers were created. */
    public int createdCount() {
        return created.size();
    }
}
