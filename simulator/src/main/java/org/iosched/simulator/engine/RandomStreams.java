package org.iosched.simulator.engine;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Seeded random streams, one per component, derived from the run seed and the component's name: the same
 * (seed, name) always gives the same stream, and a component's stream does not shift when another
 * component draws more or fewer numbers.
 *
 * <p>The name is hashed with 64-bit FNV-1a over its UTF-8 bytes and mixed with the seed through the
 * SplitMix64 finaliser; the result seeds a {@link SplittableRandom}. Two names that collide in 64 bits
 * would share a stream; that is astronomically unlikely and harmless for a simulation.
 */
public final class RandomStreams {
    private final long seed;

    /** @param seed the run seed */
    public RandomStreams(long seed) {
        this.seed = seed;
    }

    /** The run seed. */
    public long seed() {
        return seed;
    }

    /** The stream of component {@code name} ({@code scheduler/cfq}, {@code device/hdd}). */
    public RandomGenerator forComponent(String name) {
        return new SplittableRandom(derive(seed, name));
    }

    /** A stream for {@code name} under an explicit seed (fio's {@code randseed}), independent of the run seed. */
    public static RandomGenerator withSeed(long explicitSeed, String name) {
        return new SplittableRandom(derive(explicitSeed, name));
    }

    /** The 64-bit seed of stream {@code name} under {@code seed}. */
    public static long derive(long seed, String name) {
        return mix64(mix64(seed) ^ fnv1a64(name));
    }

    static long fnv1a64(String name) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    static long mix64(long z) {
        z += 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
